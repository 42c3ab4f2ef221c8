import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { SKIP_WAITING } from './strategy.ts';
import { UpdateNotice } from './UpdateNotice.tsx';
import {
  acceptUpdate,
  announceUpdates,
  useUpdateState,
  watchForUpdate,
  type ContainerLike,
  type RegistrationLike,
  type WorkerLike,
} from './update.ts';

class FakeWorker extends EventTarget implements WorkerLike {
  posted: unknown[] = [];
  constructor(public state = 'installing') {
    super();
  }
  postMessage(m: unknown) {
    this.posted.push(m);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget implements RegistrationLike {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  /** The browser found a newer sw.js and starts installing it. */
  found(w: FakeWorker) {
    this.installing = w;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget implements ContainerLike {
  constructor(public controller: unknown) {
    super();
  }
}

afterEach(() => {
  useUpdateState.setState({ accept: null });
  useSession.getState().setLocale('zh-CN');
});

describe('new version announcement (update.ts)', () => {
  it('announces a worker that finishes installing while a controller runs the page, and one found waiting at start', () => {
    const reg = new FakeRegistration();
    const seen: WorkerLike[] = [];
    watchForUpdate(reg, new FakeContainer({}), (w) => seen.push(w));
    const w = new FakeWorker();
    reg.found(w);
    expect(seen).toEqual([]);
    w.become('installed');
    expect(seen).toEqual([w]);

    const reg2 = new FakeRegistration();
    reg2.waiting = new FakeWorker('installed');
    watchForUpdate(reg2, new FakeContainer({}), (x) => seen.push(x));
    expect(seen).toEqual([w, reg2.waiting]);
  });

  it('does not announce the first worker of a page (no controller: it takes over by itself)', () => {
    const reg = new FakeRegistration();
    reg.waiting = new FakeWorker('installed');
    const seen: WorkerLike[] = [];
    watchForUpdate(reg, new FakeContainer(null), (w) => seen.push(w));
    const w = new FakeWorker();
    reg.found(w);
    w.become('installed');
    w.become('activated');
    expect(seen).toEqual([]);
  });

  it('hands over only when accepted, and reloads once when the new worker has taken control', () => {
    const w = new FakeWorker('installed');
    const container = new FakeContainer({});
    const reload = vi.fn();
    acceptUpdate(w, container, reload);
    // The message the worker (sw.ts) listens for.
    expect(w.posted).toEqual([{ type: SKIP_WAITING }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('<UpdateNotice>', () => {
  const mount = () =>
    render(
      <AntApp>
        <UpdateNotice />
      </AntApp>,
    );

  it('shows 有新版本可用 when a new version waits and reloads on it only after 刷新 is tapped', async () => {
    const reg = new FakeRegistration();
    const container = new FakeContainer({});
    const reload = vi.fn();
    announceUpdates(reg, container, reload);
    mount();
    expect(screen.queryByText('有新版本可用')).toBeNull();

    const w = new FakeWorker();
    act(() => reg.found(w));
    act(() => w.become('installed'));
    expect(await screen.findByText('有新版本可用')).toBeTruthy();
    expect(w.posted).toEqual([]);
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /^刷\s?新$/ }));
    expect(w.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    act(() => container.dispatchEvent(new Event('controllerchange')));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('speaks English in en-US and shows nothing while no version waits', async () => {
    useSession.getState().setLocale('en-US');
    const reg = new FakeRegistration();
    announceUpdates(reg, new FakeContainer({}), vi.fn());
    mount();
    expect(screen.queryByText('A new version is available')).toBeNull();
    reg.waiting = new FakeWorker('installed');
    // A registration found waiting at start (installed while the app was closed).
    act(() => announceUpdates(reg, new FakeContainer({}), vi.fn()));
    expect(await screen.findByText('A new version is available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPicklistCache } from '../api/picklist.ts';
import { envelope, stubServer } from '../test/render-app.tsx';
import { Picklist } from './Picklist.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearPicklistCache();
});

describe('Picklist (spec 000 §2: options loaded per entity and attribute)', () => {
  it('loads the options once per entity and attribute and shows their texts', async () => {
    const f = stubServer((url) =>
      url === '/api/crmpicklist/options/new_srv_worker/new_job'
        ? envelope([
            { Value: 1, Text: '初级工程师(服务端)', IconSrc: null },
            { Value: 3, Text: '高级工程师(服务端)', IconSrc: null },
          ])
        : undefined,
    );
    const { unmount } = render(<Picklist entity="new_srv_worker" attribute="new_job" value={3} testId="pick" />);
    await waitFor(() => expect(document.body.textContent).toContain('高级工程师(服务端)'));
    unmount();
    render(<Picklist entity="new_srv_worker" attribute="new_job" testId="pick2" />);
    fireEvent.mouseDown(screen.getByTestId('pick2').closest('.ant-select')!.querySelector('.ant-select-selector, input') as Element);
    expect(await screen.findByText('初级工程师(服务端)')).toBeTruthy();
    const calls = f.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/crmpicklist'));
    expect(calls).toEqual(['/api/crmpicklist/options/new_srv_worker/new_job']);
  });

  it('falls back to the model option set when the call fails', async () => {
    stubServer();
    render(<Picklist entity="new_srv_worker" attribute="new_job" value={2} testId="pick" />);
    await waitFor(() => expect(document.body.textContent).toContain('中级工程师'));
  });
});

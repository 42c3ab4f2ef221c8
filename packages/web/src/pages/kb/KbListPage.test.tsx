import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('知识库 (/kb/list)', () => {
  it('the quick search looks in the article body as well as title, category and keywords', async () => {
    signInAs(['kb.read']);
    const f = stubServer((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_kbarticles') ? envelope({ value: [], '@odata.count': 0 }) : undefined,
    );
    renderApp('/kb/list');
    expect((await screen.findByTestId('list-search', {}, { timeout: 30_000 })).getAttribute('placeholder')).toContain('内容');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '预热塞' } });
    await act(async () => fireEvent.click(screen.getByTestId('list-query')));
    await waitFor(() => {
      const asked = f.mock.calls
        .map(([u]) => String(u))
        .filter((u) => u.startsWith('/api/crmdata/Retrieve/new_kbarticles'))
        .at(-1)!;
      expect(new URL(asked, 'http://x').searchParams.get('$filter')).toContain("contains(new_content,'预热塞')");
    });
  });
});

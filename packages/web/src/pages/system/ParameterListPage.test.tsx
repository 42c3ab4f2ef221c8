import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('系统参数 (/systemparameter/list)', () => {
  it('says under each key the portal knows what it is for; an unknown key stands alone', async () => {
    signInAs(['parameter.manage']);
    stubServer((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_systemparameters')
        ? envelope({
            value: [
              { new_systemparameterid: 'p1', new_name: 'ExpenseDoubtWorkingDays', new_value: '2' },
              { new_systemparameterid: 'p2', new_name: 'MyOwnSetting', new_value: 'x' },
            ],
            '@odata.count': 2,
          })
        : undefined,
    );
    renderApp('/systemparameter/list');
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2), { timeout: 30_000 });
    const described = screen.getAllByTestId('parameter-description');
    expect(described.map((d) => d.textContent)).toEqual(['费用结算单发布后，服务站可提出异议的工作日天数（不填为 2）']);
    expect(screen.getByText('MyOwnSetting')).toBeTruthy();
  });
});

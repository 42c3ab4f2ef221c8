import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRegionCache } from '../api/address.ts';
import { DEFAULT_CONFIG, usePortalConfig } from '../app/portal-config.ts';
import { envelope, stubServer } from '../test/render-app.tsx';
import { AddressPicker, EMPTY_ADDRESS, type AddressValue } from './AddressPicker.tsx';

function Harness({ onValue }: { onValue: (v: AddressValue) => void }) {
  const [v, setV] = useState<AddressValue>(EMPTY_ADDRESS);
  return (
    <AddressPicker
      testId="addr"
      value={v}
      onChange={(n) => {
        setV(n);
        onValue(n);
      }}
    />
  );
}

async function choose(testId: string, text: string) {
  const root = screen.getByTestId(testId).closest('.ant-select') ?? screen.getByTestId(testId);
  fireEvent.mouseDown(root.querySelector('.ant-select-selector, input') ?? root);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearRegionCache();
  usePortalConfig.setState(DEFAULT_CONFIG);
});

describe('AddressPicker (spec 000 §2, §3)', () => {
  it('cascades province → city → county from the default URLs; the county travels as "country"', async () => {
    const f = stubServer((url) => {
      if (url === '/api/address/provinces')
        return envelope([
          { id: '31', name: '上海市' },
          { id: '33', name: '浙江省' },
        ]);
      if (url === '/api/address/cities?province=33') return envelope([{ id: '3301', name: '杭州市' }]);
      if (url === '/api/address/counties?city=3301') return envelope([{ id: '330106', name: '西湖区' }]);
      return undefined;
    });
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await waitFor(() => expect(f.mock.calls.some(([u]) => u === '/api/address/provinces')).toBe(true));
    await choose('addr-province', '浙江省');
    await choose('addr-city', '杭州市');
    await choose('addr-county', '西湖区');
    fireEvent.change(screen.getByTestId('addr-detail'), { target: { value: '文三路 199 号' } });
    expect(onValue).toHaveBeenLastCalledWith({
      province: { id: '33', name: '浙江省' },
      city: { id: '3301', name: '杭州市' },
      country: { id: '330106', name: '西湖区' },
      address: '文三路 199 号',
    });
  });

  it('uses the URLs of the portal config when it names them', async () => {
    usePortalConfig.setState({ ...DEFAULT_CONFIG, addressUrls: { province: '/geo/p', city: '/geo/c/{code}', county: '/geo/d/{code}' } });
    const f = stubServer((url) =>
      url === '/geo/p'
        ? envelope([{ id: '11', name: '北京市' }])
        : url === '/geo/c/11'
          ? envelope([{ id: '1101', name: '北京市辖区' }])
          : undefined,
    );
    render(<Harness onValue={vi.fn()} />);
    await choose('addr-province', '北京市');
    await waitFor(() => expect(f.mock.calls.map(([u]) => String(u))).toContain('/geo/c/11'));
  });
});

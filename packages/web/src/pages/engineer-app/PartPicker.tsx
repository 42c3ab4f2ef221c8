import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { searchProducts } from '../../api/shop-public.ts';
import { cachedParts, rememberParts, searchParts, type PartOption } from '../../offline/lookups.ts';
import { useSession } from '../../session/store.ts';

export type PickedPart = PartOption;

/**
 * Picks a replaced part by name or part number: the shop's product search online (every signed-in
 * user may read it), the parts found before on this phone offline.
 */
export function PartPicker({ value, onChange, online, placeholder }: { value: PickedPart | null; onChange: (p: PickedPart | null) => void; online: boolean; placeholder: string }) {
  const userId = useSession((s) => s.user.userId);
  const [options, setOptions] = useState<PartOption[]>([]);
  const seq = useRef(0);

  const search = async (q: string) => {
    const n = ++seq.current;
    let rows: PartOption[] = [];
    if (online) {
      try {
        const page = await searchProducts({ q, limit: 20 }, { silent: true });
        rows = page.rows.map((r) => ({ id: r.Id, name: r.Name, number: r.ProductNumber }));
        void rememberParts(userId, rows).catch(() => undefined);
      } catch {
        rows = searchParts(await cachedParts(userId), q);
      }
    } else {
      rows = searchParts(await cachedParts(userId), q);
    }
    if (n === seq.current) setOptions(rows);
  };

  useEffect(() => {
    void search('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);

  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: (q) => void search(q) }}
      allowClear
      value={value?.id}
      placeholder={placeholder}
      style={{ flex: 1, minWidth: 0 }}
      options={options.map((p) => ({ value: p.id, label: `${p.name} (${p.number})` }))}
      onChange={(id) => onChange(options.find((p) => p.id === id) ?? null)}
      data-testid="engineer-part-select"
    />
  );
}

import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { orderParts } from '../../api/work-orders.ts';
import { useT } from '../../locales/i18n.ts';
import { cachedParts, rememberParts, searchParts, type PartOption } from '../../offline/lookups.ts';
import { useSession } from '../../session/store.ts';

export type PickedPart = PartOption;

/** What the station holds of a part: the server's figure online, nothing offline (a kept figure would be stale). */
export function stockText(p: PartOption, t: ReturnType<typeof useT>): string {
  if (p.available === undefined) return '';
  return p.available === null ? t('engineerApp.partNoWarehouse') : t('engineerApp.partStock', { n: p.available });
}

/**
 * Picks a replaced part by name or part number: online the order's parts search, each part with
 * the available stock of the order's station (GET /api/workorders/{id}/parts, in-stock first);
 * offline the parts found before on this phone, without a stock figure.
 */
export function PartPicker({
  orderId,
  value,
  onChange,
  online,
  placeholder,
}: {
  orderId: string;
  value: PickedPart | null;
  onChange: (p: PickedPart | null) => void;
  online: boolean;
  placeholder: string;
}) {
  const t = useT();
  const userId = useSession((s) => s.user.userId);
  const [options, setOptions] = useState<PartOption[]>([]);
  const seq = useRef(0);

  const offline = async (q: string) => searchParts(await cachedParts(userId), q).map(({ available: _, ...p }) => p);
  const search = async (q: string) => {
    const n = ++seq.current;
    let rows: PartOption[] = [];
    if (online) {
      try {
        rows = await orderParts(orderId, q);
        void rememberParts(
          userId,
          rows.map(({ available: _, ...p }) => p),
        ).catch(() => undefined);
      } catch {
        rows = await offline(q);
      }
    } else {
      rows = await offline(q);
    }
    if (n === seq.current) setOptions(rows);
  };

  useEffect(() => {
    void search('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, orderId]);

  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: (q) => void search(q) }}
      allowClear
      value={value?.id}
      placeholder={placeholder}
      style={{ flex: 1, minWidth: 0 }}
      options={options.map((p) => ({
        value: p.id,
        title: `${p.name} (${p.number})`,
        label: (
          <span
            className="engineer-part-option"
            data-testid="engineer-part-option"
            data-number={p.number}
            data-available={p.available ?? ''}
          >
            {p.name} ({p.number})
            {p.available !== undefined && (
              <span className={`engineer-part-stock${p.available ? '' : ' engineer-part-stock-none'}`} data-testid="engineer-part-stock">
                {' '}
                · {stockText(p, t)}
              </span>
            )}
          </span>
        ),
      }))}
      onChange={(id) => onChange(options.find((p) => p.id === id) ?? null)}
      data-testid="engineer-part-select"
    />
  );
}

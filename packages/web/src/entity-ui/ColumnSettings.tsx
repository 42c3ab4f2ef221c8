import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, SettingOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Checkbox, InputNumber, Popover, Segmented, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../locales/i18n.ts';
import { DENSITIES, type Density } from './column-settings.ts';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnDefault } from './column-widths.ts';
import './ColumnSettings.css';

export interface ColumnSettingsProps {
  columns: ColumnDefault[];
  titles: Record<string, ReactNode>;
  size: Density;
  onColumns: (cols: ColumnDefault[]) => void;
  onSize: (size: Density) => void;
  onReset: () => void;
}

const move = <T,>(list: T[], from: number, to: number) => {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
};

/**
 * The list toolbar's column settings (a popover): density, then each column with show/hide, up and
 * down, and its width in pixels; "reset" goes back to the model's defaults.
 */
export function ColumnSettings({ columns, titles, size, onColumns, onSize, onReset }: ColumnSettingsProps) {
  const t = useT();
  const shown = columns.filter((c) => !c.hidden).length;
  const patch = (i: number, p: Partial<ColumnDefault>) => onColumns(columns.map((c, j) => (j === i ? { ...c, ...p } : c)));
  const content = (
    <div className="column-settings" data-testid="list-settings-panel">
      <div className="column-settings-row">
        <Tooltip title={t('listSettings.density')}>
          <ColumnHeightOutlined aria-label={t('listSettings.density')} />
        </Tooltip>
        <Segmented<Density>
          size="small"
          value={size}
          onChange={onSize}
          options={DENSITIES.map((d) => ({ value: d, label: <span data-testid={`list-density-${d}`}>{t(`listSettings.${d}`)}</span> }))}
        />
      </div>
      <div className="column-settings-caption">{t('listSettings.columns')}</div>
      <ol className="column-settings-list">
        {columns.map((c, i) => {
          const title = titles[c.key] ?? c.key;
          const name = typeof title === 'string' ? title : c.key;
          return (
            <li key={c.key} className="column-settings-row" data-testid={`list-settings-col-${c.key}`}>
              <Checkbox
                checked={!c.hidden}
                // The last shown column stays: a list without columns shows nothing.
                disabled={!c.hidden && shown === 1}
                onChange={(ev) => patch(i, { hidden: !ev.target.checked })}
                aria-label={t('listSettings.show', { column: name })}
                data-testid={`list-settings-show-${c.key}`}
                className="column-settings-name"
              >
                {title}
              </Checkbox>
              <Tooltip title={t('listSettings.up')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('listSettings.up')}
                  disabled={i === 0}
                  onClick={() => onColumns(move(columns, i, i - 1))}
                  data-testid={`list-settings-up-${c.key}`}
                />
              </Tooltip>
              <Tooltip title={t('listSettings.down')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('listSettings.down')}
                  disabled={i === columns.length - 1}
                  onClick={() => onColumns(move(columns, i, i + 1))}
                  data-testid={`list-settings-down-${c.key}`}
                />
              </Tooltip>
              <InputNumber
                size="small"
                min={MIN_COLUMN_WIDTH}
                max={MAX_COLUMN_WIDTH}
                step={10}
                value={c.width}
                // A number still being typed (below the minimum) is not applied yet.
                onChange={(v) =>
                  typeof v === 'number' && v >= MIN_COLUMN_WIDTH && v <= MAX_COLUMN_WIDTH && patch(i, { width: Math.round(v) })
                }
                aria-label={t('listSettings.width', { column: name })}
                data-testid={`list-settings-width-${c.key}`}
                className="column-settings-width"
              />
            </li>
          );
        })}
      </ol>
      <Button size="small" icon={<UndoOutlined />} onClick={onReset} data-testid="list-settings-reset">
        {t('listSettings.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('listSettings.title')} content={content} destroyOnHidden>
      <Tooltip title={t('listSettings.open')}>
        <Button icon={<SettingOutlined />} aria-label={t('listSettings.open')} data-testid="list-settings" />
      </Tooltip>
    </Popover>
  );
}

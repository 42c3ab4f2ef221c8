import { Spin } from 'antd';
import { useT } from '../locales/i18n.ts';

/** Shown while a screen's code chunk loads. */
export function PageSpin() {
  const t = useT();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, padding: 48 }}>
      <Spin description={t('common.loading')} />
    </div>
  );
}

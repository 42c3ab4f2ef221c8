import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useScreenKey } from '../app/page-meta.ts';
import { closeScreen, confirmDiscard, isDirty } from '../app/unsaved-changes.ts';
import { useT } from '../locales/i18n.ts';

/** Navigation state of a screen opened from another one (查看单据 from an approval): 返回 goes back there. */
export interface BackState {
  backTo?: string;
}

/**
 * A detail screen's header: back button, title (the screen's h2), optional tags and actions. A
 * screen opened with `state: { backTo }` returns there instead of to its list (issue 24).
 */
export function DetailHeader({
  title,
  backTo,
  onBack,
  extra,
  tags,
  backTestId = 'form-back',
}: {
  title: ReactNode;
  /** Where "back" goes; without it the browser's history is used. */
  backTo?: string;
  onBack?: () => void;
  extra?: ReactNode;
  tags?: ReactNode;
  backTestId?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const key = useScreenKey();
  const from = (useLocation().state as BackState | null)?.backTo;
  // 返回 means "done with this record": unsaved changes are asked about, then the screen (and its page tab) is closed.
  const back = async () => {
    if (isDirty(key) && !(await confirmDiscard([key]))) return;
    closeScreen(key);
    if (from) navigate(from);
    else if (onBack) onBack();
    else if (backTo) navigate(backTo);
    else navigate(-1);
  };
  return (
    <div className="detail-header">
      <Button icon={<ArrowLeftOutlined />} onClick={() => void back()} data-testid={backTestId} aria-label={t('common.back')}>
        {t('common.back')}
      </Button>
      <h2>{title}</h2>
      {tags}
      {extra && <div className="detail-header-extra">{extra}</div>}
    </div>
  );
}

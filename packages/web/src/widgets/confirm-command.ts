import { confirm, toast } from '../app/feedback.ts';
import type { Translate } from '../locales/i18n.ts';

export interface CommandConfirm {
  title: string;
  content: string;
  /** The server command; its answer's message is toasted. */
  run: () => Promise<{ message: string }>;
  /** The refusal to show in place until the next try (it names what is wrong), or null when trying again. */
  refused: (message: string | null) => void;
  /** Reloads the screen, whether the command went through or not. */
  after: () => void;
}

/** A document command behind a confirmation: asks, runs, says what was done or shows why not. */
export function confirmCommand(t: Translate, c: CommandConfirm): void {
  confirm({
    title: c.title,
    content: c.content,
    okText: t('common.ok'),
    cancelText: t('common.cancel'),
    onOk: async () => {
      c.refused(null);
      try {
        toast.success((await c.run()).message);
      } catch (err) {
        c.refused(err instanceof Error ? err.message : String(err));
      }
      c.after();
    },
  });
}

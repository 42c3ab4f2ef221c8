import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page: WCAG 2.0 and 2.1, levels A and AA, the violations a user meets as serious
 * or critical. The source goes in through evaluate (the DevTools protocol), not a script tag: the
 * portal's Content-Security-Policy refuses inline scripts, and the suite fails on a CSP report.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const IMPACTS = ['serious', 'critical'];

export interface AxeViolation {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  /** How many elements break the rule, and the first few of them (axe's selectors and its summary). */
  nodes: number;
  examples: string[];
}

export class AxePass {
  /** Screens checked and the time spent in axe, for the spec's summary line. */
  checked = 0;
  axeMs = 0;

  constructor(readonly page: Page) {}

  /**
   * The serious and critical WCAG A/AA violations on the page as it is now; `content`: in the shown
   * screen only, not the shell around it (header, side menu, page tabs), which a walk checks whole
   * on some screens and which is the same components on every other.
   */
  async violations(screen: string, scope: 'page' | 'content' = 'page'): Promise<AxeViolation[]> {
    const started = Date.now();
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.evaluate(AXE_SOURCE);
    const found = await this.page.evaluate(
      async ({ tags, impacts, scope }) => {
        const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
        // Screens of other page tabs stay mounted, hidden (display: none): nobody meets them until
        // their tab is shown, when they are checked as that screen. Left out, axe reads one screen,
        // not up to twelve (2.6 s a screen on the admin walk).
        const panels = [...document.querySelectorAll<HTMLElement>('[data-testid="page-panel"]')];
        const hidden = panels.filter((p) => p.style.display === 'none');
        const shown = panels.filter((p) => p.style.display !== 'none');
        const context =
          scope === 'content' && shown.length ? { include: shown } : hidden.length ? { include: [document], exclude: hidden } : document;
        const r = await axe.run(context as import('axe-core').ElementContext, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return r.violations
          .filter((v) => impacts.includes(v.impact ?? ''))
          .map((v) => ({
            rule: v.id,
            impact: v.impact ?? '',
            help: v.help,
            nodes: v.nodes.length,
            examples: v.nodes
              .slice(0, 3)
              .map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`),
          }));
      },
      { tags: AXE_TAGS, impacts: IMPACTS, scope },
    );
    this.checked++;
    this.axeMs += Date.now() - started;
    return found.map((v) => ({ screen, ...v }));
  }
}

/** The findings as lines for a failure message. */
export const axeReport = (found: AxeViolation[]) =>
  found.map((v) => `${v.screen}  ${v.rule} (${v.impact}, ${v.nodes} nodes): ${v.help}\n    ${v.examples.join('\n    ')}`).join('\n');

/** Node counts per rule, e.g. { 'color-contrast': 62 }. */
export function countsByRule(found: AxeViolation[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of found) out[v.rule] = (out[v.rule] ?? 0) + v.nodes;
  return out;
}

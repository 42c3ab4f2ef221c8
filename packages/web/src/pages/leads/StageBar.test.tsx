import { opportunityStage, opportunityState } from '@portal/model';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StageBar } from './StageBar.tsx';

/** Each step's title and status as antd draws it. */
const steps = () =>
  [...document.querySelectorAll('.ant-steps-item')].map((s) => ({
    title: s.querySelector('.ant-steps-item-title')?.textContent ?? '',
    status: ['finish', 'process', 'wait', 'error'].find((x) => s.classList.contains(`ant-steps-item-${x}`)),
  }));

describe('StageBar', () => {
  it('an open opportunity: the stages passed finished, its stage current, the outcome still to come; a click moves it', () => {
    const onStage = vi.fn();
    render(<StageBar stage={opportunityStage.propose} state={opportunityState.open} onStage={onStage} />);
    expect(steps()).toEqual([
      { title: '资格审查', status: 'finish' },
      { title: '需求分析', status: 'finish' },
      { title: '方案报价', status: 'process' },
      { title: '商务谈判', status: 'wait' },
      { title: '赢单 / 输单', status: 'wait' },
    ]);
    fireEvent.click(screen.getByText('商务谈判'));
    expect(onStage).toHaveBeenCalledWith(opportunityStage.negotiate);
    // The outcome is a command's, not a stage to click.
    fireEvent.click(screen.getByText('赢单 / 输单'));
    expect(onStage).toHaveBeenCalledTimes(1);
  });

  it('won: every step finished and the outcome named; lost: the stage it was lost at failed; closed, nothing moves', () => {
    const onStage = vi.fn();
    const { unmount } = render(<StageBar stage={opportunityStage.negotiate} state={opportunityState.won} onStage={onStage} />);
    expect(steps().map((s) => s.status)).toEqual(['finish', 'finish', 'finish', 'finish', 'finish']);
    expect(steps()[4].title).toBe('赢单');
    fireEvent.click(screen.getByText('资格审查'));
    expect(onStage).not.toHaveBeenCalled();
    unmount();
    render(<StageBar stage={opportunityStage.develop} state={opportunityState.lost} />);
    expect(steps()).toEqual([
      { title: '资格审查', status: 'finish' },
      { title: '需求分析', status: 'error' },
      { title: '方案报价', status: 'wait' },
      { title: '商务谈判', status: 'wait' },
      { title: '输单', status: 'wait' },
    ]);
    expect(screen.getByTestId('opportunity-stagebar').getAttribute('data-state')).toBe(String(opportunityState.lost));
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ButtonGroup, HEADER_MAX, ROW_MAX, splitButtons } from './ButtonGroup.tsx';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `b${i}`, label: `按钮${i}`, testId: `b${i}`, onClick: vi.fn() }));

describe('ButtonGroup (spec 000 §2: header groups collapse past 3, list groups past 2)', () => {
  it('keeps up to max buttons and folds the rest when two or more would fold', () => {
    expect(HEADER_MAX).toBe(3);
    expect(ROW_MAX).toBe(2);
    expect(splitButtons(items(3), HEADER_MAX)).toMatchObject({ folded: [] });
    expect(splitButtons(items(5), HEADER_MAX).shown.map((b) => b.key)).toEqual(['b0', 'b1', 'b2']);
    expect(splitButtons(items(5), HEADER_MAX).folded.map((b) => b.key)).toEqual(['b3', 'b4']);
    expect(splitButtons(items(2), ROW_MAX).folded).toEqual([]);
    expect(splitButtons(items(4), ROW_MAX).folded.map((b) => b.key)).toEqual(['b2', 'b3']);
  });

  it('does not count hidden buttons', () => {
    const list = [...items(2), { key: 'x', label: 'x', hidden: true }, ...items(1).map((b) => ({ ...b, key: 'c' }))];
    expect(splitButtons(list, 3)).toMatchObject({ folded: [] });
    expect(splitButtons(list, 3).shown.map((b) => b.key)).toEqual(['b0', 'b1', 'c']);
  });

  it('renders the first 3 header buttons and a "more" dropdown with the rest', async () => {
    const list = items(5);
    render(<ButtonGroup items={list} moreTestId="more" />);
    for (const id of ['b0', 'b1', 'b2']) expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.queryByTestId('b3')).toBeNull();
    fireEvent.click(screen.getByTestId('more'));
    fireEvent.click(await screen.findByTestId('b4'));
    expect(list[4].onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('more').textContent).toContain('更多');
  });

  it('a row group shows 2 link buttons, then "more"', () => {
    render(<ButtonGroup items={items(4)} max={ROW_MAX} variant="link" moreTestId="more" />);
    expect(screen.getByTestId('b0')).toBeTruthy();
    expect(screen.getByTestId('b1')).toBeTruthy();
    expect(screen.queryByTestId('b2')).toBeNull();
    expect(screen.getByTestId('more')).toBeTruthy();
  });

  it('never makes a "more" menu for a single entry: the one that would fold stays a button', () => {
    expect(splitButtons(items(4), HEADER_MAX)).toMatchObject({ folded: [] });
    expect(splitButtons(items(3), ROW_MAX)).toMatchObject({ folded: [] });
    const { unmount } = render(<ButtonGroup items={items(4)} moreTestId="more" />);
    expect(screen.getByTestId('b3').textContent).toBe('按钮3');
    expect(screen.queryByTestId('more')).toBeNull();
    unmount();
    render(<ButtonGroup items={items(3)} max={ROW_MAX} variant="link" moreTestId="more" />);
    expect(screen.getByTestId('b2')).toBeTruthy();
    expect(screen.queryByTestId('more')).toBeNull();
  });

  it('no "more" when everything fits', () => {
    render(<ButtonGroup items={items(3)} moreTestId="more" />);
    expect(screen.queryByTestId('more')).toBeNull();
  });
});

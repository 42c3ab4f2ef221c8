import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NoticeCarousel } from './NoticeCarousel.tsx';

const ITEMS = [
  { title: '关于2026年第四季度服务备件价格调整的通知', sub: '自12月1日起执行', url: '/dmsnotice/view/n1' },
  { title: '年末安全生产检查的通知', sub: '12月15日前完成自查', url: '/dmsnotice/view/n2' },
];

describe('NoticeCarousel (spec 000 §2)', () => {
  it('shows the items with previous and next, and opens an item', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <NoticeCarousel items={ITEMS} /> },
        { path: '/dmsnotice/view/:id', element: <p>notice</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const root = screen.getByTestId('notice-carousel');
    expect(root.textContent).toContain('年末安全生产检查的通知');
    expect(screen.getByTestId('notice-carousel-prev').getAttribute('aria-label')).toBe('上一条');
    expect(screen.getByTestId('notice-carousel-next').getAttribute('aria-label')).toBe('下一条');
    fireEvent.click(screen.getByTestId('notice-carousel-next'));
    fireEvent.click(screen.getByTestId('notice-carousel-prev'));
    await act(async () => fireEvent.click(screen.getAllByText('年末安全生产检查的通知')[0]));
    expect(router.state.location.pathname).toBe('/dmsnotice/view/n2');
  });

  it('keeps the buttons of slides hidden from screen readers out of the keyboard order', async () => {
    const router = createMemoryRouter([{ path: '/', element: <NoticeCarousel items={ITEMS} /> }]);
    render(<RouterProvider router={router} />);
    const items = () => screen.getAllByTestId('notice-carousel-item');
    await waitFor(() => expect(items().some((b) => b.closest('[aria-hidden="true"]'))).toBe(true));
    await waitFor(() => {
      for (const b of items()) expect(!!b.closest('[inert]')).toBe(!!b.closest('[aria-hidden="true"]'));
    });
    expect(
      items()
        .filter((b) => !b.closest('[inert]'))
        .map((b) => b.textContent),
    ).toEqual([`${ITEMS[0].title}${ITEMS[0].sub}`]);
  });

  it('renders nothing without items', () => {
    const router = createMemoryRouter([{ path: '/', element: <NoticeCarousel items={[]} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByTestId('notice-carousel')).toBeNull();
  });
});

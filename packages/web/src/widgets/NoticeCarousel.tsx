import { LeftOutlined, NotificationOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Carousel } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import type { CarouselItem } from '../api/notices.ts';
import { useT } from '../locales/i18n.ts';
import { useInertWhereHidden } from '../shared/use-inert-hidden.ts';

type CarouselRef = { prev: () => void; next: () => void; goTo: (n: number) => void };

/** The notice carousel (spec 000 §2): items with title, sub and url, previous and next buttons. */
export function NoticeCarousel({ items, title }: { items: CarouselItem[]; title?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const ref = useRef<CarouselRef>(null);
  // Off-screen slides are aria-hidden: their buttons must not take focus either.
  const track = useInertWhereHidden<HTMLDivElement>();
  if (items.length === 0) return null;
  const open = (url: string) => {
    if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener');
    else navigate(url);
  };
  return (
    <section data-testid="notice-carousel" className="notice-carousel" aria-label={title ?? t('widgets.notice.carousel')}>
      <NotificationOutlined className="notice-carousel-icon" aria-hidden />
      <span className="notice-carousel-label">{title ?? t('widgets.notice.carousel')}</span>
      <div className="notice-carousel-track" ref={track}>
        <Carousel ref={ref as never} autoplay autoplaySpeed={5000} dots={false} vertical={false} adaptiveHeight>
          {items.map((i, n) => (
            <div key={`${i.url}-${n}`}>
              <button type="button" className="notice-carousel-item" data-testid="notice-carousel-item" onClick={() => open(i.url)}>
                <strong>{i.title}</strong>
                {i.sub && <span className="notice-carousel-sub">{i.sub}</span>}
              </button>
            </div>
          ))}
        </Carousel>
      </div>
      <Button
        type="text"
        size="small"
        icon={<LeftOutlined />}
        aria-label={t('widgets.action.prev')}
        data-testid="notice-carousel-prev"
        onClick={() => ref.current?.prev()}
      />
      <Button
        type="text"
        size="small"
        icon={<RightOutlined />}
        aria-label={t('widgets.action.next')}
        data-testid="notice-carousel-next"
        onClick={() => ref.current?.next()}
      />
    </section>
  );
}

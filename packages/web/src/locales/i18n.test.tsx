import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store.ts';
import { messagesKey, setOverrides, translate, useI18n, useT } from './i18n.ts';

afterEach(() => {
  useI18n.setState({ overrides: {} });
  useSession.getState().setLocale('zh-CN');
});

function Title() {
  const t = useT();
  return <h1>{t('app.title')}</h1>;
}

describe('i18n', () => {
  it('uses the built-in catalogue, in Chinese by default', () => {
    expect(translate('logout.confirm')).toBe('确认注销？');
    expect(translate('logout.confirm', undefined, 'en-US')).toBe('Confirm logout?');
    expect(translate('login.resendIn', { s: 42 })).toBe('42 秒后重发');
  });

  it('lets database texts override the built-ins and caches them under the locale key', () => {
    setOverrides('zh-CN', { 'app.title': '华辰售后服务门户' });
    expect(translate('app.title')).toBe('华辰售后服务门户');
    expect(translate('app.title', undefined, 'en-US')).toBe('After-sales Service Portal');
    expect(JSON.parse(localStorage.getItem(messagesKey('zh-CN'))!)).toEqual({ 'app.title': '华辰售后服务门户' });
  });

  it('useT re-renders on a language switch and on new database texts', () => {
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('售后服务门户');
    act(() => setOverrides('zh-CN', { 'app.title': '华辰售后服务门户' }));
    expect(screen.getByRole('heading').textContent).toBe('华辰售后服务门户');
    act(() => useSession.getState().setLocale('en-US'));
    expect(screen.getByRole('heading').textContent).toBe('After-sales Service Portal');
  });

  it('falls back to the key for unknown texts', () => {
    expect(translate('no.such.key')).toBe('no.such.key');
  });
});

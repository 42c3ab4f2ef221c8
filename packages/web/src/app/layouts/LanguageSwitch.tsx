import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { isLang, useI18n, useT } from '../../locales/i18n.ts';
import { switchLocale } from '../../locales/load.ts';
import { useSession } from '../../session/store.ts';

/** zh-CN / en-US, listed by the server (GetLanguageList) or the two built-ins. */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const t = useT();
  const locale = useSession((s) => s.locale);
  const locales = useI18n((s) => s.locales);
  const current = locales.find((l) => l.new_code === locale);

  const items: MenuProps['items'] = locales.map((l) => ({
    key: l.new_code,
    label: <span lang={l.new_code}>{l.new_displayname || l.new_name}</span>,
    'data-testid': `lang-option-${l.new_code}`,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isLang(key) && key !== locale) void switchLocale(key);
  };

  return (
    <Dropdown menu={{ items, onClick, selectable: true, selectedKeys: [locale] }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        icon={<GlobalOutlined />}
        data-testid="lang-switch"
        title={t('menu.language')}
        style={{ color: dark ? '#fff' : undefined }}
      >
        {current?.new_displayname ?? locale}
      </Button>
    </Dropdown>
  );
}

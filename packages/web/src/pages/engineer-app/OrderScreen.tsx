import { AntdRoot } from '../../app/AntdRoot.tsx';
import { MobileOrderPage } from './MobileOrderPage.tsx';

/** One order in the engineer app, inside antd's providers (its form controls are antd's). */
export default function OrderScreen({ id }: { id: string }) {
  return (
    <AntdRoot>
      <MobileOrderPage id={id} />
    </AntdRoot>
  );
}

import { Alert, Button, Descriptions, Modal, Typography } from 'antd';

export interface ShownOnceItem {
  label: string;
  value: string;
  testId: string;
  /** Drawn as code (a secret or a password), else plain text. */
  code?: boolean;
}

/**
 * Credentials the server keeps only as a hash (a staff account's password, a service account's or a
 * webhook's secret), shown once with copy buttons: the dialog closes only through its button, since
 * closing it is the last time anyone sees them.
 */
export function ShownOnce(props: {
  open: boolean;
  title: string;
  hint: string;
  done: string;
  doneTestId: string;
  items: ShownOnceItem[];
  onClose: () => void;
}) {
  return (
    <Modal
      open={props.open}
      title={props.title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={props.onClose} data-testid={props.doneTestId}>
          {props.done}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={props.hint} style={{ marginBottom: 16 }} />
      {props.open && (
        <Descriptions column={1} bordered size="small">
          {props.items.map((i) => (
            <Descriptions.Item key={i.testId} label={i.label}>
              <Typography.Text code={i.code} copyable data-testid={i.testId}>
                {i.value}
              </Typography.Text>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Modal>
  );
}

import { App } from 'antd';
import { useEffect } from 'react';
import { bindFeedback } from './feedback.ts';

/** Hands antd's context-aware message and modal APIs to code outside React. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    bindFeedback(message, modal);
    return () => bindFeedback(null, null);
  }, [message, modal]);
  return null;
}

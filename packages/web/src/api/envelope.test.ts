import { describe, expect, it } from 'vitest';
import { isEnvelope, trimWorkflowMessage } from './envelope.ts';

describe('trimWorkflowMessage', () => {
  it('keeps the text after a plug-in exception prefix', () => {
    expect(trimWorkflowMessage('Microsoft.Xrm.Sdk.InvalidPluginExecutionException: 站点额度不足，差额 1200.00 元')).toBe(
      '站点额度不足，差额 1200.00 元',
    );
    expect(trimWorkflowMessage('Microsoft.Crm.Workflow.WorkflowException: 只有草稿状态的单据可以删除')).toBe('只有草稿状态的单据可以删除');
    expect(trimWorkflowMessage('InvalidPluginExecutionException: 该服务站没有仓库')).toBe('该服务站没有仓库');
    expect(trimWorkflowMessage('WorkflowException:请在CRM中维护系统参数')).toBe('请在CRM中维护系统参数');
  });
  it('takes the text after the last prefix when exceptions are wrapped', () => {
    expect(
      trimWorkflowMessage(
        'System.ServiceModel.FaultException`1[Microsoft.Xrm.Sdk.OrganizationServiceFault]: Microsoft.Xrm.Sdk.InvalidPluginExecutionException: 配件数量不足，剩余 3 件',
      ),
    ).toBe('配件数量不足，剩余 3 件');
  });
  it('drops a trailing stack trace', () => {
    expect(
      trimWorkflowMessage(
        'InvalidPluginExecutionException: 库存不足\n   at Huachen.Plugins.StockOut.Execute(IServiceProvider sp)\n   at Microsoft.Crm.Extensibility.V5PluginProxyStep.ExecuteInternal()',
      ),
    ).toBe('库存不足');
  });
  it('accepts a full-width colon', () => {
    expect(trimWorkflowMessage('InvalidPluginExecutionException：不允许派工')).toBe('不允许派工');
  });
  it('leaves ordinary messages alone', () => {
    expect(trimWorkflowMessage('保存成功')).toBe('保存成功');
    expect(trimWorkflowMessage('  用户名或密码错误 ')).toBe('用户名或密码错误');
    expect(trimWorkflowMessage('Exception handling failed without a colon')).toBe('Exception handling failed without a colon');
  });
  it('keeps the original when nothing follows the prefix', () => {
    expect(trimWorkflowMessage('WorkflowException: ')).toBe('WorkflowException:');
  });
  it('is empty for empty input', () => {
    expect(trimWorkflowMessage('')).toBe('');
    expect(trimWorkflowMessage(null)).toBe('');
    expect(trimWorkflowMessage(undefined)).toBe('');
  });
});

describe('isEnvelope', () => {
  it('recognises { ErrorCode, Message, Data }', () => {
    expect(isEnvelope({ ErrorCode: 0, Message: '', Data: null })).toBe(true);
    expect(isEnvelope({ captchaId: 'x' })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
    expect(isEnvelope('text')).toBe(false);
  });
});

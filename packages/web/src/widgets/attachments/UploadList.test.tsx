import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_DIALOG_WIDTH, UploadDialog } from './UploadDialog.tsx';
import { capPercent, checkUploadItem, failed, newUploadItem, uploaded, withProgress, type UploadItem } from './upload-item.ts';
import { UploadList } from './UploadList.tsx';

const item = (patch: Partial<UploadItem> = {}): UploadItem => ({ ...newUploadItem(new File(['abcd'], '维修记录.pdf')), ...patch });

function Harness({ initial, showErrors }: { initial: UploadItem[]; showErrors?: boolean }) {
  const [items, setItems] = useState(initial);
  return <UploadList items={items} onChange={setItems} showErrors={showErrors} requireRemark />;
}

afterEach(() => vi.unstubAllGlobals());

describe('upload items (spec 000 §3, §4)', () => {
  it('start from the file: name, size, title from the name, percent 0', () => {
    const i = item();
    expect(i).toMatchObject({ name: '维修记录.pdf', size: 4, title: '维修记录', remark: '', uploadPercent: 0, status: 'ready' });
    expect(i.url).toBeUndefined();
  });

  it('progress runs 0 to 100, capped at 100, then the url is set', () => {
    expect(capPercent(-3)).toBe(0);
    expect(capPercent(130)).toBe(100);
    let i = withProgress(item(), 40);
    expect(i.uploadPercent).toBe(40);
    i = withProgress(i, 250);
    expect(i.uploadPercent).toBe(100);
    expect(i.url).toBeUndefined();
    i = uploaded(i, '/api/attachment/download/new_notice/f9');
    expect(i).toMatchObject({ status: 'done', uploadPercent: 100, url: '/api/attachment/download/new_notice/f9' });
    expect(failed(i, 'x').status).toBe('error');
  });

  it('name and title are required; remark when asked', () => {
    expect(checkUploadItem(item({ name: ' ', title: '' }))).toEqual({
      name: 'widgets.upload.fileNameRequired',
      title: 'widgets.upload.titleRequired',
    });
    expect(checkUploadItem(item({ remark: '' }), true)).toEqual({ remark: 'widgets.upload.remarkRequired' });
    expect(checkUploadItem(item({ remark: '现场' }), true)).toEqual({});
  });
});

describe('UploadList', () => {
  it('rows with editable name, title and remark prompting 请填写文件名 / 请填写标题名称 / 请填写备注', () => {
    render(<Harness initial={[item()]} />);
    expect(screen.getByPlaceholderText('请填写文件名')).toBeTruthy();
    expect(screen.getByPlaceholderText('请填写标题名称')).toBeTruthy();
    expect(screen.getByPlaceholderText('请填写备注')).toBeTruthy();
    fireEvent.change(screen.getByTestId('upload-title'), { target: { value: '三月维修记录' } });
    expect((screen.getByTestId('upload-title') as HTMLInputElement).value).toBe('三月维修记录');
  });

  it('marks empty fields with the prompts when errors are shown', () => {
    render(<Harness initial={[item({ name: '', title: '', remark: '' })]} showErrors />);
    expect(screen.getByTestId('upload-name-error').textContent).toBe('请填写文件名');
    expect(screen.getByTestId('upload-title-error').textContent).toBe('请填写标题名称');
    expect(screen.getByTestId('upload-remark-error').textContent).toBe('请填写备注');
  });

  it('a title or remark over its limit is kept whole and refused as typed (never cut)', () => {
    render(<Harness initial={[item()]} />);
    const remark = screen.getByTestId('upload-remark') as HTMLInputElement;
    fireEvent.change(remark, { target: { value: '注'.repeat(201) } });
    expect(remark.value).toHaveLength(201);
    expect(screen.getByTestId('upload-remark-error').textContent).toBe('备注不能超过 200 个字符');
    fireEvent.change(screen.getByTestId('upload-title'), { target: { value: '题'.repeat(101) } });
    expect(screen.getByTestId('upload-title-error').textContent).toBe('标题不能超过 100 个字符');
    expect(checkUploadItem(item({ title: '题'.repeat(101) }))).toEqual({ title: 'tooLong' });
  });

  it('a failed row shows 上传失败; percent never passes 100', () => {
    render(<Harness initial={[item({ status: 'error' }), item({ uploadPercent: 180, status: 'uploading' })]} />);
    expect(screen.getByTestId('upload-error').textContent).toBe('上传失败');
    expect(screen.getByText('100%')).toBeTruthy();
  });
});

describe('UploadDialog', () => {
  it('is 640px wide and uploads the rows with their title and remark, with progress', async () => {
    expect(UPLOAD_DIALOG_WIDTH).toBe(640);
    const sent: FormData[] = [];
    class FakeXhr {
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      status = 200;
      statusText = 'OK';
      responseText = '';
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      open() {}
      setRequestHeader() {}
      send(body: FormData) {
        sent.push(body);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.responseText = JSON.stringify({
          ErrorCode: 0,
          Message: '',
          Data: { Id: 'new-1', FileName: body.get('FileName'), FileSize: 4 },
        });
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onUploaded = vi.fn();
    render(<UploadDialog open moduleType="new_notice" objectId="n-1" onClose={vi.fn()} onUploaded={onUploaded} />);
    const dialog = await screen.findByTestId('upload-dialog');
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('640px');
    await act(async () => fireEvent.change(screen.getByTestId('upload-file'), { target: { files: [new File(['abcd'], '现场.jpg')] } }));
    fireEvent.change(screen.getByTestId('upload-remark'), { target: { value: '更换前' } });
    await act(async () => fireEvent.click(screen.getByTestId('upload-start')));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(sent[0].get('Title')).toBe('现场');
    expect(sent[0].get('Remark')).toBe('更换前');
    expect(sent[0].get('ModuleType')).toBe('new_notice');
    expect(screen.getByTestId('upload-row').getAttribute('data-status')).toBe('done');
  });
});

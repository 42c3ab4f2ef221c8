import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../test/render-app.tsx';
import { checkVideo, VIDEO_DEFAULT_LIMIT, VIDEO_MAX_BYTES, VIDEO_TYPES } from './attachments/rules.ts';
import { VideoUpload } from './VideoUpload.tsx';

const file = (name: string, size = 10) => {
  const f = new File(['v'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

afterEach(() => vi.unstubAllGlobals());

describe('VideoUpload (spec 000 §5, §9)', () => {
  it('accepts mp4, ogg, flv, avi, wmv, rmvb, mov under 5000MB; default limit 10', () => {
    expect(VIDEO_TYPES).toEqual(['mp4', 'ogg', 'flv', 'avi', 'wmv', 'rmvb', 'mov']);
    expect(VIDEO_DEFAULT_LIMIT).toBe(10);
    for (const t of VIDEO_TYPES) expect(checkVideo({ name: `a.${t.toUpperCase()}`, size: 1 })).toBeNull();
    expect(checkVideo({ name: 'a.mkv', size: 1 })).toBe('widgets.video.badType');
    expect(checkVideo({ name: 'a.mp4', size: VIDEO_MAX_BYTES })).toBe('widgets.video.tooLarge');
    expect(checkVideo({ name: 'a.mp4', size: VIDEO_MAX_BYTES - 1 })).toBeNull();
  });

  it('refuses other types with 请上传正确的视频格式 and big files with 视频大小不能超过5000MB', async () => {
    const f = stubServer();
    render(<VideoUpload moduleType="new_notice" objectId="n-1" />);
    await act(async () => fireEvent.change(screen.getByTestId('video-upload-file'), { target: { files: [file('讲解.mkv')] } }));
    expect((await screen.findAllByText('请上传正确的视频格式')).length).toBeGreaterThan(0);
    await act(async () =>
      fireEvent.change(screen.getByTestId('video-upload-file'), { target: { files: [file('讲解.mp4', VIDEO_MAX_BYTES + 1)] } }),
    );
    expect((await screen.findAllByText('视频大小不能超过5000MB')).length).toBeGreaterThan(0);
    expect(f.mock.calls.some(([u]) => String(u) === '/api/upload/sign')).toBe(false);
    expect(screen.queryAllByTestId('video-upload-item')).toHaveLength(0);
  });

  it('signs, PUTs with progress and completes (direct upload)', async () => {
    const puts: { url: string; method: string }[] = [];
    class FakeXhr {
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      status = 200;
      statusText = 'OK';
      responseText = '';
      onload?: () => void;
      method = '';
      url = '';
      open(m: string, u: string) {
        this.method = m;
        this.url = u;
      }
      setRequestHeader() {}
      send() {
        puts.push({ url: this.url, method: this.method });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 });
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const f = stubServer((url) => {
      if (url === '/api/upload/sign')
        return new Response(
          JSON.stringify({
            ErrorCode: 0,
            Message: '',
            Data: { url: 'https://oss.example.com/put/abc', method: 'PUT', headers: {}, ticket: 't-1' },
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      if (url === '/api/upload/complete')
        return new Response(JSON.stringify({ ErrorCode: 0, Message: '', Data: { Id: 'v-1', FileName: '讲解.mp4' } }), {
          headers: { 'content-type': 'application/json' },
        });
      return undefined;
    });
    const onChange = vi.fn();
    render(<VideoUpload moduleType="new_notice" objectId="n-1" onChange={onChange} />);
    await act(async () => fireEvent.change(screen.getByTestId('video-upload-file'), { target: { files: [file('讲解.mp4', 4)] } }));
    await vi.waitFor(() => expect(onChange.mock.calls.at(-1)?.[0][0]).toMatchObject({ status: 'done', uploadPercent: 100 }));
    expect(puts).toEqual([{ url: 'https://oss.example.com/put/abc', method: 'PUT' }]);
    const complete = f.mock.calls.find(([u]) => u === '/api/upload/complete');
    expect(JSON.parse(String(complete?.[1]?.body))).toEqual({ ticket: 't-1' });
  });

  it('stops at the count limit', async () => {
    stubServer();
    render(
      <VideoUpload
        moduleType="new_notice"
        objectId="n-1"
        limit={1}
        value={[{ uid: 'x', name: 'a.mp4', size: 1, title: 'a', remark: '', uploadPercent: 100, status: 'done', url: '/x' }]}
      />,
    );
    await act(async () => fireEvent.change(screen.getByTestId('video-upload-file'), { target: { files: [file('b.mp4')] } }));
    expect((await screen.findAllByText('最多上传 1 个视频')).length).toBeGreaterThan(0);
  });
});

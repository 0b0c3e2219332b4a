import { useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_ACCEPT, IMPORT_FILE_FIELD } from '@kaoping/contracts/roster-import';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { downloadAdminFile } from '@/lib/admin-download';
import { adminFetch, errorDetail } from '@/lib/api-client';
import { POSTS_IMPORT_PATH, POSTS_TEMPLATE_PATH } from '../api/posts';

interface RowError {
  row: number;
  reason: string;
}

/**
 * 从 Excel 导入推荐职位: one row per candidate (a post's numbers on its rows); a file with any bad row adds
 * nothing and the dialog lists each row and reason.
 */
export function PostsImportButton({
  companyId,
  onImported,
  disabled,
}: {
  companyId: number | undefined;
  onImported: () => void;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ detail: string; errors: RowError[] } | null>(null);

  const send = async (file: File) => {
    if (companyId === undefined) return;
    setBusy(true);
    setProblem(null);
    try {
      const form = new FormData();
      form.append(IMPORT_FILE_FIELD, file);
      const res = await adminFetch(POSTS_IMPORT_PATH, {
        method: 'POST',
        query: { company_id: companyId },
        body: form,
        timeoutMs: 120_000,
      });
      const body = (await res.json().catch(() => ({}))) as {
        created?: number;
        posts?: number;
        candidates?: number;
        detail?: string;
        errors?: RowError[];
      };
      if (!res.ok) {
        setProblem({ detail: body.detail ?? `导入失败（${res.status}）`, errors: body.errors ?? [] });
        return;
      }
      const posts = body.posts ?? body.created;
      message.success(
        posts === undefined
          ? '导入成功'
          : `已导入 ${posts} 个推荐职位${body.candidates === undefined ? '' : `、${body.candidates} 名参考人选`}`,
      );
      setOpen(false);
      onImported();
    } catch (err) {
      setProblem({ detail: errorDetail(err, '导入失败'), errors: [] });
    } finally {
      setBusy(false);
    }
  };

  const template = () =>
    downloadAdminFile(POSTS_TEMPLATE_PATH, {}, '推荐职位导入模板.xlsx').catch((err: unknown) =>
      message.error(errorDetail(err, '下载失败')),
    );

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} disabled={disabled}>
        从 Excel 导入
      </Button>
      <Modal
        title="从 Excel 导入推荐职位"
        open={open}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          先下载模板，每行一名参考人选，同一推荐职位的行填写相同的职位名称与职数；按模板填写后上传（仅
          .xlsx，不超过 5 MB）。任何一行有误时不会导入任何数据。
        </Typography.Paragraph>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined />} onClick={() => void template()}>
            下载模板
          </Button>
          <Upload
            accept={IMPORT_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              选择文件并导入
            </Button>
          </Upload>
        </Space>
        {problem && (
          <Alert
            type="error"
            showIcon
            title={problem.detail}
            description={
              problem.errors.length > 0 && (
                <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto' }}>
                  {problem.errors.map((e) => (
                    <li key={e.row}>
                      第 {e.row} 行：{e.reason}
                    </li>
                  ))}
                </ul>
              )
            }
          />
        )}
      </Modal>
    </>
  );
}

import { useState, type ReactNode } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_ACCEPT, IMPORT_FILE_FIELD, type ImportResult } from '@kaoping/contracts/roster-import';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { downloadAdminFile } from '@/lib/admin-download';
import { adminFetch, errorDetail } from '@/lib/api-client';

interface RowError {
  row: number;
  reason: string;
}

/** The success body of an import endpoint, as far as the button reads it. */
export type ImportSuccessBody = Record<string, unknown>;

export interface ExcelImportButtonProps {
  /** Undefined: nothing is sent (the caller disables the button). */
  companyId: number | undefined;
  importPath: string;
  templatePath: string;
  /** What one imported row group is called: 考核对象, 推荐职位 (the title, the template's file name and the success message say it). */
  noun: string;
  /** What the dialog says above the buttons. */
  hint: ReactNode;
  onImported: () => void;
  disabled?: boolean;
}

/**
 * 从 Excel 导入: download the template, upload the filled file; a file with any bad row adds nothing and the
 * dialog lists each row and reason.
 */
export function ExcelImportButton({
  companyId,
  importPath,
  templatePath,
  noun,
  hint,
  onImported,
  disabled,
}: ExcelImportButtonProps) {
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
      const res = await adminFetch(importPath, {
        method: 'POST',
        query: { company_id: companyId },
        body: form,
        timeoutMs: 120_000,
      });
      const body = (await res.json().catch(() => ({}))) as Partial<ImportResult> & {
        detail?: string;
        errors?: RowError[];
      };
      if (!res.ok) {
        setProblem({ detail: body.detail ?? `导入失败（${res.status}）`, errors: body.errors ?? [] });
        return;
      }
      message.success(`已导入 ${body.created ?? 0} 个${noun}`);
      setOpen(false);
      onImported();
    } catch (err) {
      setProblem({ detail: errorDetail(err, '导入失败'), errors: [] });
    } finally {
      setBusy(false);
    }
  };

  const template = () =>
    downloadAdminFile(templatePath, {}, `${noun}导入模板.xlsx`).catch((err: unknown) =>
      message.error(errorDetail(err, '下载失败')),
    );

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} disabled={disabled}>
        从 Excel 导入
      </Button>
      <Modal
        title={`从 Excel 导入${noun}`}
        open={open}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
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

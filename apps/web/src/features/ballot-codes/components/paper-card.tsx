import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Button, Card, Space, Typography } from 'antd';
import { codesKey } from '@/api/ballot-codes';
import { PaperPrintDialog } from '@/components/paper-print-dialog';

/** 纸质选票: print the official form with one new code per sheet, and key the sheets that come back. */
export function PaperCard({ voteType, companyName }: { voteType: VoteType; companyName?: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [printing, setPrinting] = useState(false);
  return (
    <Card size="small" className="kp-codes-card" title="纸质选票">
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        没有手机或不便用手机的投票人用纸质选票：每张印有一个新测评码，收回后录入，与手机投票一并计票。
      </Typography.Paragraph>
      <Space wrap>
        <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
          打印纸质选票
        </Button>
        <Button
          icon={<FormOutlined />}
          onClick={() => navigate(`/admin/vote-types/${voteType.id}/paper?company=${voteType.company_id}`)}
        >
          纸质票录入
        </Button>
      </Space>
      <PaperPrintDialog
        voteType={printing ? voteType : undefined}
        companyName={companyName}
        onClose={() => setPrinting(false)}
        onPrinted={() => void qc.invalidateQueries({ queryKey: codesKey(voteType.id) })}
      />
    </Card>
  );
}

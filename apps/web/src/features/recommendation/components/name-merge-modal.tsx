import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RecommendationResults } from '@kaoping/contracts/recommendation';
import { RECOMMENDATION_LIMITS } from '@kaoping/contracts/recommendation-rules';
import { Alert, App, AutoComplete, Checkbox, Empty, Modal, Select, Space, Typography } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { mergeNames, resultsKey } from '../api/results';

export interface NameMergeModalProps {
  companyId: number;
  results: RecommendationResults;
  onClose: () => void;
}

/**
 * 姓名校改: the admin picks a post, ticks the spellings of one person written in (另提名), and names them
 * as one person (a listed candidate's name moves those votes to the candidate). The server audits it and
 * keeps the raw names on the ballots. Mounted while open (its choices start afresh each time).
 */
export function NameMergeModal({ companyId, results, onClose }: NameMergeModalProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const posts = results.total.posts;
  const [postId, setPostId] = useState<number | undefined>(
    () => (posts.find((p) => p.candidates.some((c) => c.write_in)) ?? posts[0])?.post_id,
  );
  const [spellings, setSpellings] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const post = posts.find((p) => p.post_id === postId);
  const writeIns = useMemo(() => post?.candidates.filter((c) => c.write_in) ?? [], [post]);

  const submit = async () => {
    setProblem(null);
    if (!post) return setProblem('请选择推荐职位');
    if (spellings.length === 0) return setProblem('请至少选择一个要校改的姓名');
    const target = name.trim();
    if (!target) return setProblem('请填写校改后的姓名');
    if ([...target].length > RECOMMENDATION_LIMITS.nameMax)
      return setProblem(`校改后的姓名不能超过 ${RECOMMENDATION_LIMITS.nameMax} 个字`);
    setSaving(true);
    try {
      await mergeNames({ company_id: companyId, post_id: post.post_id, spellings, name: target });
      message.success(`已将 ${spellings.length} 种写法校改为“${target}”`);
      await qc.invalidateQueries({ queryKey: resultsKey(companyId) });
      onClose();
    } catch (err) {
      setProblem(errorDetail(err, '姓名校改失败'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="姓名校改"
      open
      okText="校改"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        另提名人选的同一人有不同写法时，可合并为一个姓名后计票。校改会记入审计日志，选票上的原始写法保留不变。
      </Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          aria-label="推荐职位"
          style={{ width: '100%' }}
          value={postId}
          onChange={(v) => {
            setPostId(v);
            setSpellings([]);
          }}
          options={posts.map((p) => ({ value: p.post_id, label: p.name }))}
          placeholder="选择推荐职位"
        />
        {writeIns.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该职位没有另提名人选" />
        ) : (
          <Checkbox.Group
            aria-label="要校改的写法"
            value={spellings}
            onChange={(v) => setSpellings(v)}
            options={writeIns.map((c) => ({ value: c.name, label: `${c.name}（${c.votes} 票）` }))}
          />
        )}
        <AutoComplete
          aria-label="校改后的姓名"
          style={{ width: '100%' }}
          value={name}
          onChange={setName}
          placeholder="校改后的姓名（可选参考人选姓名）"
          options={(post?.candidates ?? []).map((c) => ({ value: c.name }))}
          filterOption={(input, option) => (option?.value ?? '').includes(input)}
        />
        {problem && <Alert type="error" showIcon title={problem} />}
      </Space>
    </Modal>
  );
}

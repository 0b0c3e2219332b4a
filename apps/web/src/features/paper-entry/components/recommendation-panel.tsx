import { Typography } from 'antd';
import type { PublicRecommendationPost } from '@kaoping/contracts/recommendation-rules';
import { isTalk } from '../lib/sheet-key';
import {
  answersOf,
  buildPostBallots,
  isWriteInLine,
  postVerdict,
  pressPostKey,
  startPostState,
  type PostEntryState,
  type PostKeyResult,
} from '../lib/recommendation-keys';
import { RecommendationGrid } from './recommendation-grid';
import { KeyingActions, KeyingCard, useSheetEntry, type KeyingProps } from './sheet-keying';

export interface RecommendationPanelProps extends KeyingProps {
  posts: readonly PublicRecommendationPost[];
}

const keyOf = (i: number) => (i === 9 ? '0' : String(i + 1));

/** What the keys do on the current post, and the keys that work everywhere. */
function PostLegend({
  post,
  state,
  talk,
}: {
  post: PublicRecommendationPost | undefined;
  state: PostEntryState;
  talk: boolean;
}) {
  const few = post && post.candidates.length <= 10;
  const inBox = post ? isWriteInLine(post, state.cursor.line) : false;
  return (
    <div className="kp-pe-legend" aria-label="按键说明">
      <div className="kp-pe-legend-here">
        <span className="kp-pe-legend-cell">{post?.name ?? '—'}</span>
        {post && inBox && <span className="kp-pe-key-note">照录另提名人选姓名（可不填）；Enter 下一栏</span>}
        {post && !inBox && post.candidates.length === 0 && (
          <span className="kp-pe-key-note">本职位只有另提名栏</span>
        )}
        {post && !inBox && few && (
          <>
            <span className="kp-pe-key-note">按序号标记或取消：</span>
            {post.candidates.map((c, i) => (
              <span key={c.id} className="kp-pe-key">
                <kbd>{keyOf(i)}</kbd>
                {c.name}
              </span>
            ))}
          </>
        )}
        {post && !inBox && !few && (
          <span className="kp-pe-key-note" data-testid="rec-digits">
            输入序号 1-{post.candidates.length} 标记或取消
            {state.digits ? `：已输入 ${state.digits}，按空格确认或继续输入` : '（多位序号输完即生效）'}
          </span>
        )}
      </div>
      <div className="kp-pe-legend-all">
        <span className="kp-pe-key">
          <kbd>空格</kbd>标记光标所在人选
        </span>
        <span className="kp-pe-key">
          <kbd>Enter</kbd>另提名/下一职位（末职位提交）
        </span>
        <span className="kp-pe-key">
          <kbd>Ctrl+Enter</kbd>提交
        </span>
        <span className="kp-pe-key">
          <kbd>Backspace</kbd>撤销最后一个标记
        </span>
        <span className="kp-pe-key">
          <kbd>Delete</kbd>清空本职位
        </span>
        <span className="kp-pe-key">
          <kbd>↑↓</kbd>移动
        </span>
        <span className="kp-pe-key">
          <kbd>←→</kbd>上/下一职位
        </span>
        <span className="kp-pe-key">
          <kbd>Esc</kbd>回到{talk ? '谈话序号' : '编号'}
        </span>
      </div>
    </div>
  );
}

/** How the sheet will be stored, post by post: the line beside the submit button. */
function SheetSummary({
  posts,
  state,
}: {
  posts: readonly PublicRecommendationPost[];
  state: PostEntryState;
}) {
  const counts = { valid: 0, abstained: 0, invalid: 0, refused: 0 };
  for (const post of posts) counts[postVerdict(post, answersOf(state.values, post)).kind] += 1;
  const parts = [`有效 ${counts.valid}`, `弃权 ${counts.abstained}`, `无效 ${counts.invalid}`];
  if (counts.refused) parts.push(`需改正 ${counts.refused}`);
  return (
    <Typography.Text
      type={counts.invalid || counts.refused ? 'danger' : 'secondary'}
      className="kp-pe-summary"
      data-testid="rec-summary"
    >
      {posts.length} 个职位：{parts.join('，')}
    </Typography.Text>
  );
}

/**
 * The keyboard entry of a 民主推荐 sheet (会议推荐, double entry like the other families) or of a
 * 谈话调研推荐 record (谈话序号, single entry, counted at once).
 */
export function RecommendationPanel(props: RecommendationPanelProps) {
  const { posts, mode, onModeDone, form } = props;
  const talk = isTalk(form);
  const { gridRef, entry, setEntry, hint, setHint, keying } = useSheetEntry(props, startPostState);

  const onResult = (result: PostKeyResult) => {
    setHint(result.message);
    if (result.submit) void keying.submit(buildPostBallots(posts, result.state.values));
  };
  const onState = (next: PostEntryState) => {
    // A change of the answers takes back the warning of an earlier submit.
    if (entry.armed && !next.armed) setHint(undefined);
    setEntry(next);
  };

  return (
    <KeyingCard what={talk ? '谈话记录' : '纸质推荐票'} mode={mode} onModeDone={onModeDone}>
      {keying.header}
      <PostLegend post={posts[entry.cursor.post]} state={entry} talk={talk} />
      <RecommendationGrid
        ref={gridRef}
        posts={posts}
        state={entry}
        onState={onState}
        onResult={onResult}
        onEscape={() => (mode.kind === 'new' ? keying.keyRef.current?.focus() : undefined)}
        disabled={!keying.canKey || keying.submitting}
      />
      {hint && (
        <Typography.Text
          type={entry.armed ? 'danger' : 'warning'}
          className="kp-pe-hint"
          role="status"
          data-testid="rec-hint"
        >
          {hint}
        </Typography.Text>
      )}
      {keying.failure}
      <div className="kp-pe-submit-row">
        <KeyingActions
          canKey={keying.canKey}
          submitting={keying.submitting}
          onSubmit={() => {
            const result = pressPostKey(posts, entry, { key: 'Enter', ctrlKey: true });
            setEntry(result.state);
            onResult(result);
          }}
          onClear={mode.kind === 'new' ? () => keying.reset() : () => setEntry(startPostState())}
        />
        <SheetSummary posts={posts} state={entry} />
      </div>
    </KeyingCard>
  );
}

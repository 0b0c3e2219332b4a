CREATE TABLE "vote_type_figures" (
	"vote_type_id" integer PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"ballots" integer NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vote_type_figures" ADD CONSTRAINT "vote_type_figures_vote_type_id_vote_types_id_fk" FOREIGN KEY ("vote_type_id") REFERENCES "public"."vote_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_type_figures" ADD CONSTRAINT "vote_type_figures_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vote_type_figures_round_idx" ON "vote_type_figures" USING btree ("round_id");--> statement-breakpoint
-- Decision 0052: the figures of a vote type that has ended are counted once, by the function below, and
-- stored in vote_type_figures. The three *_cells functions take one ballot's answers apart into (key,
-- value) rows. They are STRICT SQL functions, which PostgreSQL never inlines, so the planner takes their
-- ROWS estimate (a handful of answers per ballot) instead of the 100 rows it assumes of jsonb_each: the
-- counting is then estimated within a small factor and never worth compiling with JIT.

-- A 民主测评 ballot's item ('i') and reverse ('r') answers (its overall grade is a plain column read).
CREATE FUNCTION kaoping_scoring_cells(answers jsonb) RETURNS TABLE (grp text, k text, v text)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 8
  AS $$
    SELECT 'i', e.key, e.value #>> '{}'
    FROM jsonb_each(CASE WHEN jsonb_typeof(answers->'items') = 'object' THEN answers->'items' ELSE '{}'::jsonb END) e
    WHERE jsonb_typeof(e.value) <> 'null'
    UNION ALL
    SELECT 'r', e.key, e.value #>> '{}'
    FROM jsonb_each(CASE WHEN jsonb_typeof(answers->'reverse') = 'object' THEN answers->'reverse' ELSE '{}'::jsonb END) e
    WHERE jsonb_typeof(e.value) <> 'null'
  $$;
--> statement-breakpoint
-- A 选人用人 ballot: per question answered, one row with v null (answered at all: a text or a non-empty
-- list), then one row per option chosen or ticked; the answers to the text questions (`texts`) are not
-- options and give no option row.
CREATE FUNCTION kaoping_cadre_cells(answers jsonb, texts text[]) RETURNS TABLE (q text, v text)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 8
  AS $$
    SELECT e.key, NULL::text FROM jsonb_each(answers) e
    WHERE (jsonb_typeof(e.value) = 'string' AND btrim(e.value #>> '{}') <> '')
       OR (jsonb_typeof(e.value) = 'array' AND jsonb_array_length(e.value) > 0)
    UNION ALL
    SELECT e.key, e.value #>> '{}' FROM jsonb_each(answers) e
    WHERE jsonb_typeof(e.value) = 'string' AND NOT e.key = ANY (texts)
    UNION ALL
    SELECT e.key, x.v FROM jsonb_each(answers) e
    CROSS JOIN LATERAL jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE '[]'::jsonb END) AS x(v)
  $$;
--> statement-breakpoint
-- A 新提拔 ballot: (subject id, opinion) per cadre.
CREATE FUNCTION kaoping_promoted_cells(answers jsonb) RETURNS TABLE (s text, v text)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 8
  AS $$
    SELECT substr(e.key, 9), e.value #>> '{}' FROM jsonb_each(answers) e
    WHERE e.key ~ '^subject_[0-9]{1,10}$' AND jsonb_typeof(e.value) = 'string'
  $$;
--> statement-breakpoint
-- The figures of one vote type, from its formal ballots (test ballots never count): the one recount
-- (modules/figures/figures.repository.ts stores it, 重新核算 compares it with what is stored). jsonb:
--   ballots: formal submissions;
--   scoring: { "poll:target": { n, tenths (score sum in tenths), min, max, overall: {grade: n},
--              items: {item: {value: n}}, reverse: {item: {value: n}} } };
--   cadre: { voters, answered: {question: n}, options: {question: {option: n}} };
--   newly_promoted: { voters, subjects: {subject id: {opinion: n}} }.
-- jit is off for its statements: their cost never depends on the server's JIT setting.
CREATE FUNCTION kaoping_vote_type_figures(vt integer) RETURNS jsonb
  LANGUAGE sql STABLE SET jit = off
  AS $$
    WITH rd AS (SELECT round_id FROM vote_types WHERE id = vt),
    sv AS (
      SELECT poll_id, target_id, score, answers FROM votes
      WHERE round_id = (SELECT round_id FROM rd) AND vote_type_id = vt AND NOT is_test
    ),
    base AS (
      SELECT poll_id, target_id, count(*)::int AS n, sum(round(score * 10))::float8 AS tenths,
        min(score) AS mn, max(score) AS mx
      FROM sv GROUP BY poll_id, target_id
    ),
    ov AS (
      SELECT poll_id, target_id, jsonb_object_agg(o, n) AS j
      FROM (
        SELECT poll_id, target_id, answers->>'overall' AS o, count(*)::int AS n FROM sv
        WHERE answers->>'overall' IS NOT NULL GROUP BY poll_id, target_id, answers->>'overall'
      ) x
      GROUP BY poll_id, target_id
    ),
    cells AS (
      SELECT sv.poll_id, sv.target_id, c.grp, c.k, c.v, count(*)::int AS n
      FROM sv CROSS JOIN LATERAL kaoping_scoring_cells(sv.answers) c
      GROUP BY sv.poll_id, sv.target_id, c.grp, c.k, c.v
    ),
    per_item AS (
      SELECT poll_id, target_id, grp, k, jsonb_object_agg(v, n) AS j FROM cells GROUP BY poll_id, target_id, grp, k
    ),
    per_target AS (
      SELECT poll_id, target_id,
        jsonb_object_agg(k, j) FILTER (WHERE grp = 'i') AS items,
        jsonb_object_agg(k, j) FILTER (WHERE grp = 'r') AS rev
      FROM per_item GROUP BY poll_id, target_id
    ),
    scoring AS (
      SELECT jsonb_object_agg(b.poll_id || ':' || b.target_id, jsonb_build_object(
        'n', b.n, 'tenths', b.tenths, 'min', b.mn, 'max', b.mx,
        'overall', coalesce(ov.j, '{}'::jsonb),
        'items', coalesce(t.items, '{}'::jsonb),
        'reverse', coalesce(t.rev, '{}'::jsonb))) AS j
      FROM base b
      LEFT JOIN ov ON ov.poll_id = b.poll_id AND ov.target_id = b.target_id
      LEFT JOIN per_target t ON t.poll_id = b.poll_id AND t.target_id = b.target_id
    ),
    cv AS (
      SELECT poll_id, poll_kind, answers FROM cadre_votes
      WHERE round_id = (SELECT round_id FROM rd) AND vote_type_id = vt AND NOT is_test
    ),
    text_questions AS (
      SELECT p.id AS poll_id, array_agg(t #>> '{}') AS ids
      FROM polls p
      CROSS JOIN LATERAL jsonb_path_query(p.form_schema, '$.pages[*].questions[*] ? (@.type == "text_area").id') t
      WHERE p.id IN (SELECT DISTINCT poll_id FROM cv WHERE poll_kind = 'cadre')
      GROUP BY p.id
    ),
    cc AS (
      SELECT c.q, c.v, count(*)::int AS n
      FROM cv
      LEFT JOIN text_questions tq ON tq.poll_id = cv.poll_id
      CROSS JOIN LATERAL kaoping_cadre_cells(cv.answers, coalesce(tq.ids, '{}'::text[])) c
      WHERE cv.poll_kind = 'cadre'
      GROUP BY c.q, c.v
    ),
    np AS (
      SELECT c.s, c.v, count(*)::int AS n
      FROM cv CROSS JOIN LATERAL kaoping_promoted_cells(cv.answers) c
      WHERE cv.poll_kind = 'newly_promoted'
      GROUP BY c.s, c.v
    )
    SELECT jsonb_build_object(
      'ballots', (SELECT count(*)::int FROM submissions WHERE vote_type_id = vt AND NOT is_test),
      'scoring', coalesce((SELECT j FROM scoring), '{}'::jsonb),
      'cadre', jsonb_build_object(
        'voters', (SELECT count(*)::int FROM cv WHERE poll_kind = 'cadre'),
        'answered', coalesce((SELECT jsonb_object_agg(q, n) FROM cc WHERE v IS NULL), '{}'::jsonb),
        'options', coalesce((
          SELECT jsonb_object_agg(q, j) FROM (
            SELECT q, jsonb_object_agg(v, n) AS j FROM cc WHERE v IS NOT NULL GROUP BY q
          ) x), '{}'::jsonb)),
      'newly_promoted', jsonb_build_object(
        'voters', (SELECT count(*)::int FROM cv WHERE poll_kind = 'newly_promoted'),
        'subjects', coalesce((
          SELECT jsonb_object_agg(s, j) FROM (
            SELECT s, jsonb_object_agg(v, n) AS j FROM np GROUP BY s
          ) x), '{}'::jsonb))
    )
  $$;
--> statement-breakpoint
-- Every vote type ended before this migration (archived rounds too) gets its figures now: ended by hand
-- (结束投票, 完成计票) or past its window for more than a minute (figures.repository.ts SETTLED).
INSERT INTO vote_type_figures (vote_type_id, round_id, ballots, figures)
SELECT v.id, v.round_id, (f.j->>'ballots')::int, f.j
FROM vote_types v CROSS JOIN LATERAL (SELECT kaoping_vote_type_figures(v.id) AS j) f
WHERE v.closed_at IS NOT NULL OR v.counted_at IS NOT NULL OR v.closes_at < now() - interval '1 minute';

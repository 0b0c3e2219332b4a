CREATE TABLE "recommendation_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"name" text NOT NULL,
	"current_position" text DEFAULT '' NOT NULL,
	"birth_date" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_name_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"spelling_key" text NOT NULL,
	"spelling" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"name" text NOT NULL,
	"seats" integer NOT NULL,
	"max_choices" integer NOT NULL,
	"min_choices" integer,
	"write_in_slots" integer DEFAULT 0 NOT NULL,
	"candidate_order" text DEFAULT 'typed' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"source_post_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_votes" (
	"id" bigint PRIMARY KEY DEFAULT ('x' || substr(md5(gen_random_uuid()::text), 1, 13))::bit(52)::bigint NOT NULL,
	"submission_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"vote_type_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"status" text NOT NULL,
	"answers" jsonb NOT NULL,
	"voter_key" text DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 12)) NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" date DEFAULT (now() AT TIME ZONE 'Asia/Shanghai')::date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "recommendation_mode" text;--> statement-breakpoint
ALTER TABLE "recommendation_candidates" ADD CONSTRAINT "recommendation_candidates_post_id_recommendation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."recommendation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_candidates" ADD CONSTRAINT "recommendation_candidates_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_name_merges" ADD CONSTRAINT "recommendation_name_merges_post_id_recommendation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."recommendation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_name_merges" ADD CONSTRAINT "recommendation_name_merges_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_posts" ADD CONSTRAINT "recommendation_posts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_posts" ADD CONSTRAINT "recommendation_posts_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_posts" ADD CONSTRAINT "recommendation_posts_source_post_id_recommendation_posts_id_fk" FOREIGN KEY ("source_post_id") REFERENCES "public"."recommendation_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_votes" ADD CONSTRAINT "recommendation_votes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_votes" ADD CONSTRAINT "recommendation_votes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_votes" ADD CONSTRAINT "recommendation_votes_post_id_recommendation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."recommendation_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recommendation_candidates_post_idx" ON "recommendation_candidates" USING btree ("post_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_name_merges_post_key" ON "recommendation_name_merges" USING btree ("post_id","spelling_key");--> statement-breakpoint
CREATE INDEX "recommendation_posts_round_idx" ON "recommendation_posts" USING btree ("round_id","sort_order");--> statement-breakpoint
CREATE INDEX "recommendation_votes_round_type_idx" ON "recommendation_votes" USING btree ("round_id","vote_type_id","post_id");--> statement-breakpoint
CREATE INDEX "recommendation_votes_submission_idx" ON "recommendation_votes" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "recommendation_votes_post_idx" ON "recommendation_votes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "recommendation_votes_round_id_idx" ON "recommendation_votes" USING btree ("round_id","id");--> statement-breakpoint
-- 民主推荐 (issue 30, decision 0055): the figures of a vote type also hold, per post of its formal
-- 民主推荐 ballots, what the contracts' counting needs (recommendation-count.ts), exactly:
--   recommendation: { "post": { received, valid (弃权 included), invalid, abstained, written (valid ballots
--     with a write-in), votes: {candidate id: n} over the valid ballots without a write-in,
--     written_ballots: [[answers, n]] the valid ballots with a write-in, grouped by their answers } }.
-- The write-ins stay whole ballots because 姓名校改 may merge two spellings (or a spelling and a chosen
-- candidate) of one ballot into one person, who then counts once (modules/recommendations).
CREATE OR REPLACE FUNCTION kaoping_vote_type_figures(vt integer) RETURNS jsonb
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
    ),
    rv AS (
      SELECT post_id, status, answers FROM recommendation_votes
      WHERE round_id = (SELECT round_id FROM rd) AND vote_type_id = vt AND NOT is_test
    ),
    rc AS (
      SELECT post_id, count(*)::int AS received,
        count(*) FILTER (WHERE status <> 'invalid')::int AS valid,
        count(*) FILTER (WHERE status = 'invalid')::int AS invalid,
        count(*) FILTER (WHERE status = 'abstained')::int AS abstained,
        count(*) FILTER (WHERE status = 'valid' AND jsonb_array_length(answers->'write_ins') > 0)::int AS written
      FROM rv GROUP BY post_id
    ),
    rvotes AS (
      SELECT rv.post_id, c.v AS candidate, count(*)::int AS n
      FROM rv CROSS JOIN LATERAL jsonb_array_elements_text(rv.answers->'choices') AS c(v)
      WHERE rv.status = 'valid' AND jsonb_array_length(rv.answers->'write_ins') = 0
      GROUP BY rv.post_id, c.v
    ),
    rwritten AS (
      SELECT post_id, answers, count(*)::int AS n FROM rv
      WHERE status = 'valid' AND jsonb_array_length(answers->'write_ins') > 0
      GROUP BY post_id, answers
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
          ) x), '{}'::jsonb)),
      'recommendation', coalesce((
        SELECT jsonb_object_agg(rc.post_id, jsonb_build_object(
          'received', rc.received, 'valid', rc.valid, 'invalid', rc.invalid, 'abstained', rc.abstained,
          'written', rc.written,
          'votes', coalesce((SELECT jsonb_object_agg(x.candidate, x.n) FROM rvotes x WHERE x.post_id = rc.post_id),
                            '{}'::jsonb),
          'written_ballots', coalesce((
            SELECT jsonb_agg(jsonb_build_array(w.answers, w.n) ORDER BY w.answers::text)
            FROM rwritten w WHERE w.post_id = rc.post_id), '[]'::jsonb)))
        FROM rc), '{}'::jsonb)
    )
  $$;

-- The 回执码 of a receipt id (XXXXXXXX without the dash): the first 8 bytes of sha256(receipt_id), each a
-- letter of the codes' alphabet. The SQL twin of public/receipt.service.ts receiptCode (a test compares
-- them); IMMUTABLE so that an index can hold it and a lookup by code is one index scan, not a scan of
-- every ballot.
CREATE FUNCTION kp_receipt_code(receipt_id text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (
    SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', get_byte(d, i) % 31 + 1, 1), '' ORDER BY i)
    FROM (SELECT sha256(convert_to(receipt_id, 'UTF8')) AS d) h, generate_series(0, 7) AS i
  );--> statement-breakpoint
CREATE INDEX "submissions_receipt_code_idx" ON "submissions" USING btree (kp_receipt_code("receipt_id"));

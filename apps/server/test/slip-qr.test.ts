import { describe, expect, it } from 'vitest';
import { useBallotWorld } from './helpers/ballot-world';
import { qrMatrices, qrMatrixOf } from './helpers/pdf-qr';
import { adminCalls, plain } from './helpers/vote-control';

// Issue 26, "Nothing a voter holds travels in a URL": the QR of a slip carries its code after '#', a
// part of the address a browser never sends (so no proxy or server log can hold it); the voter page
// reads it there.

const w = useBallotWorld({ env: { PUBLIC_URL: 'https://kp.example.cn' } });
const api = () => adminCalls(w.ctx.app, () => w.token);

describe('the QR codes printed for voters', () => {
  it('a slip’s QR opens the vote type’s link with the code in the fragment, never in the query', async () => {
    await api().update(w.f.appraisal.id, { access_mode: 'codes' });
    const codes = await api().codes(w.f.appraisal.id, 3);
    const res = await api().call('GET', `/vote-types/${w.f.appraisal.id}/codes.pdf`);
    expect(res.statusCode).toBe(200);
    const link = `https://kp.example.cn/vote/type/${w.f.appraisal.link_id}`;
    const drawn = qrMatrices(res.rawPayload);
    expect(drawn).toHaveLength(3);
    const expected = codes.map((c) => qrMatrixOf(`${link}#code=${plain(c)}`));
    expect(new Set(drawn)).toEqual(new Set(expected));
    // Not the old address, whose query string every access log on the way keeps.
    for (const c of codes) expect(drawn).not.toContain(qrMatrixOf(`${link}?code=${plain(c)}`));
  });

  it('a paper sheet’s QR (a codes-mode sheet, read by the keyer’s scanner) keeps its code after # too', async () => {
    await api().update(w.f.appraisal.id, { access_mode: 'codes' });
    const res = await api().call('GET', `/vote-types/${w.f.appraisal.id}/paper.pdf?copies=2`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const codes = (await api().list(w.f.appraisal.id)).json<{ items: { code: string }[] }>().items;
    expect(codes).toHaveLength(2);
    const link = `https://kp.example.cn/vote/type/${w.f.appraisal.link_id}`;
    expect(new Set(qrMatrices(res.rawPayload))).toEqual(
      new Set(codes.map((c) => qrMatrixOf(`${link}#code=${plain(c.code)}`))),
    );
  });

  it('a poster’s QR is the bare link', async () => {
    const res = await api().call('GET', `/vote-types/${w.f.evaluation.id}/poster.pdf`);
    expect(res.statusCode).toBe(200);
    expect(qrMatrices(res.rawPayload)).toEqual([
      qrMatrixOf(`https://kp.example.cn/vote/type/${w.f.evaluation.link_id}`),
    ]);
  });
});

import { voteTypePublicPath } from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { printableCodes } from '../ballot-codes/ballot-codes.repository';
import { getCompany } from '../companies/companies.service';
import { publicBase } from '../settings/settings.service';
import { figuresHidden } from '../vote-types/vote-type-status';
import { getScopedVoteType } from '../vote-types/vote-types.service';
import { posterPdf } from './poster-pdf';
import { slipsPdf } from './slips-pdf';

// What is printed carries the configured public address, never the address of the admin's browser: an
// admin on localhost would otherwise print QR codes that no phone can open (PUBLIC_URL_MISSING).

async function printable(
  db: Db,
  voteTypeId: number,
  companyId: number | undefined,
  envUrl: string | undefined,
  talkRefusal: 'RECOMMENDATION_TALK_NO_CODES' | 'RECOMMENDATION_TALK_NO_POSTER',
) {
  const v = await getScopedVoteType(db, voteTypeId, companyId);
  // 谈话调研推荐 has no public link and no codes: nothing of it is printed with a QR code (issue 30).
  if (v.recommendationMode === 'talk') throw fail(talkRefusal);
  const base = await publicBase(db, envUrl);
  if (!base) throw fail('PUBLIC_URL_MISSING');
  const company = await getCompany(db, v.companyId);
  return { v, company, link: `${base}${voteTypePublicPath(v.linkId)}` };
}

const fileName = (...parts: string[]) => `${parts.join('-')}.pdf`;

/**
 * The slips (of one batch, or all): while the vote is open and formal, the codes as issued (every one not
 * voided, used or not: the file does not change with a ballot, decision 0041); otherwise the unused ones.
 * 409 when there is none to print.
 */
export async function codesPdf(
  db: Db,
  voteTypeId: number,
  opts: { batch?: number; companyId?: number; envUrl?: string },
) {
  const { v, company, link } = await printable(
    db,
    voteTypeId,
    opts.companyId,
    opts.envUrl,
    'RECOMMENDATION_TALK_NO_CODES',
  );
  const codes = await printableCodes(db, v.id, { batch: opts.batch, open: figuresHidden(v) });
  if (codes.length === 0) {
    throw opts.batch === undefined
      ? fail('NO_CODES_TO_PRINT')
      : fail('NO_CODES_IN_BATCH', { batch: opts.batch });
  }
  const file = await slipsPdf({
    company: company.name,
    voteType: v.name,
    codes,
    batch: opts.batch,
    // After '#': a browser never sends the fragment, so no proxy or server log on the way holds the code.
    urlOf: (code) => `${link}#code=${code}`,
  });
  const batch = opts.batch === undefined ? [] : [`第${opts.batch}批`];
  return { file, fileName: fileName(company.name, v.name, '测评码', ...batch) };
}

/** The poster of a link-mode vote type (codes mode prints slips instead). */
export async function posterOf(db: Db, voteTypeId: number, opts: { companyId?: number; envUrl?: string }) {
  const { v, company, link } = await printable(
    db,
    voteTypeId,
    opts.companyId,
    opts.envUrl,
    'RECOMMENDATION_TALK_NO_POSTER',
  );
  if (v.accessMode !== 'link') throw fail('POSTER_CODES_MODE');
  const file = await posterPdf({ company: company.name, voteType: v.name, url: link });
  return { file, fileName: fileName(company.name, v.name, '投票二维码') };
}

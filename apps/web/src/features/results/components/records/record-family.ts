import type { ComponentType, ReactNode } from 'react';
import type { VoterResult } from '@kaoping/contracts/records';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import type { DescriptionsProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { BallotDetail, BallotRecord, RecordFilterValues, VoterBallots } from '../../api/records';
import type { ListState } from '../../lib/list-state';

type Fact = NonNullable<DescriptionsProps['items']>[number];

/** The facts every ballot has, for the family to place among its own. */
export interface CommonFacts {
  voter: Fact;
  type: Fact;
  time: Fact;
}

export interface FamilyFilterProps {
  companyId: number;
  value: RecordFilterValues;
  set: (patch: RecordFilterValues) => void;
}

/**
 * What the records screens of one family (民主测评, 民主评议 or 民主推荐) do their own way; everything else
 * (page, filters, tables, paging, drawer, voter delete) is the same code for all.
 */
export interface RecordFamily<F extends FormCategory> {
  family: F;
  /** The page heading. */
  title: string;
  /** Shown when the ballot list cannot be loaded. */
  listError: string;
  drawerWidth: number;
  /** The family's own filter of the ballot list (appraisal target, or questionnaire). */
  Filter: ComponentType<FamilyFilterProps>;
  /** The ballot list's columns after the time and after the vote type: what was answered, and its figure. */
  recordColumns: (list: ListState) => {
    what: ColumnType<BallotRecord<F>>;
    figure: ColumnType<BallotRecord<F>>;
  };
  /** The per-voter list's figure column, where the family has one (the score of each target). */
  voterFigure?: (list: ListState) => ColumnType<VoterResult>;
  /** The facts above one ballot, in the family's order. */
  ballotFacts: (detail: BallotDetail<F>, common: CommonFacts) => Fact[];
  /** One stored ballot in the voter's own form, read-only. */
  renderBallot: (detail: BallotDetail<F>) => ReactNode;
  /** How a submission's ballot rows are counted in words (default 'N 份答卷'). */
  ballotCount?: (n: number) => string;
  /** Appended to the line that describes one of a voter's submissions. */
  submissionExtra?: (submission: VoterResult) => string;
  /** Every ballot of one voter, each in the voter's own form. */
  renderVoterBallots: (data: VoterBallots<F>) => ReactNode;
}

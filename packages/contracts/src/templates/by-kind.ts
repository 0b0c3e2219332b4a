import type { FormSchemaOf, PollTargetType } from '../poll-kinds';
import { cadreTemplate } from './cadre';
import { companyTemplate } from './company';
import { newlyPromotedTemplate } from './newly-promoted';
import { personTemplate } from './person';

export interface PollTemplate<K extends PollTargetType = PollTargetType> {
  title: string;
  description: string;
  form_schema: FormSchemaOf<K>;
}

const TEMPLATES = {
  company: companyTemplate,
  person: personTemplate,
  cadre: cadreTemplate,
  newly_promoted: newlyPromotedTemplate,
};

/** A fresh copy of the template of a poll kind (callers may change it freely). */
export function pollTemplate<K extends PollTargetType>(kind: K): PollTemplate<K> {
  return structuredClone(TEMPLATES[kind]) as PollTemplate<K>;
}

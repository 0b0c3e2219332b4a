// The forms of each ballot family are a lazy chunk of their own, so a voter downloads only the code of
// the forms their vote type uses. The page asks for the chunk together with the ballot and shows the
// ballot once both are there, so no step ever waits on a spinner.
import type { ReactNode } from 'react';
import type { PublicFormCategory as FormCategory } from '@kaoping/contracts/public-vote-types';
import type { FamilyModule, StepContentProps } from './step-props';

/** Draws one step (a plain function, not a component: the forms inside it keep their own state). */
type StepComponent = (props: StepContentProps) => ReactNode;

const importers: Record<FormCategory, () => Promise<FamilyModule>> = {
  democratic_appraisal: () => import('./appraisal-step'),
  democratic_evaluation: () => import('./evaluation-step'),
  democratic_recommendation: () => import('./recommendation-step'),
};

const loaded = new Map<FormCategory, FamilyModule>();

/** Loads the family's forms once; a failed download (a dropped network) may be tried again. */
export async function loadFamilySteps(family: FormCategory): Promise<StepComponent> {
  const have = loaded.get(family);
  if (have) return have.default;
  const module = await importers[family]();
  loaded.set(family, module);
  return module.default;
}

/** The family's forms once loadFamilySteps resolved; undefined before. */
export const familySteps = (family: FormCategory): StepComponent | undefined => loaded.get(family)?.default;

/** The family's whole chunk (its rules and review summary too) once loaded; undefined before. */
export const familyModule = (family: FormCategory): FamilyModule | undefined => loaded.get(family);

// The forms of each ballot family are a lazy chunk of their own, so a voter downloads only the code of
// the forms their vote type uses. The page asks for the chunk together with the ballot and shows the
// ballot once both are there, so no step ever waits on a spinner.
import type { ReactNode } from 'react';
import type { PublicFormCategory as FormCategory } from '@kaoping/contracts/public-vote-types';
import type { StepContentProps } from './step-props';

/** Draws one step (a plain function, not a component: the forms inside it keep their own state). */
type StepComponent = (props: StepContentProps) => ReactNode;

const importers: Record<FormCategory, () => Promise<{ default: StepComponent }>> = {
  democratic_appraisal: () => import('./appraisal-step'),
  democratic_evaluation: () => import('./evaluation-step'),
};

const loaded = new Map<FormCategory, StepComponent>();

/** Loads the family's forms once; a failed download (a dropped network) may be tried again. */
export async function loadFamilySteps(family: FormCategory): Promise<StepComponent> {
  const have = loaded.get(family);
  if (have) return have;
  const { default: component } = await importers[family]();
  loaded.set(family, component);
  return component;
}

/** The family's forms once loadFamilySteps resolved; undefined before. */
export const familySteps = (family: FormCategory): StepComponent | undefined => loaded.get(family);

import { useEffect } from 'react';
import type { ItemChoice } from './nfe-choices.ts';

type NewProductChoice = Extract<ItemChoice, { kind: 'create' }>;

/**
 * "Criar produto" pressed before the units arrived leaves the new product without a base unit: once they arrive, UN
 * is proposed, as it would have been (the item would otherwise stay unresolved until the person picks one).
 */
export function useProposedBase(
  choice: NewProductChoice,
  unities: ReadonlyArray<{ id: number; code: string }>,
  onChange: (choice: NewProductChoice) => void,
) {
  const proposed = choice.baseUnityId === null ? unities.find((u) => u.code === 'UN')?.id : undefined;
  useEffect(() => {
    if (proposed !== undefined) onChange({ ...choice, baseUnityId: proposed });
  }, [proposed]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the units arrive
}

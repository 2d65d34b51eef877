import type { TNfePreviewItem } from '@armazem/contracts/nfe';
import type { ItemChoice } from '../nfe-choices.ts';

/**
 * "Confirmo a embalagem": shown while the item keeps the matched package that the note contradicts
 * (`packageConflict`, whose warning the item's description shows). Choosing another package hides it.
 */
export function NfePackageCheck({
  item,
  choice,
  onChange,
}: {
  item: TNfePreviewItem;
  choice: Extract<ItemChoice, { kind: 'product' }>;
  onChange: (choice: ItemChoice) => void;
}) {
  if (!item.packageConflict || choice.productUnityId !== item.match?.productUnityId) return null;
  return (
    <label className="label gap-2 text-sm">
      <input
        type="checkbox"
        className="checkbox checkbox-sm checkbox-warning"
        checked={choice.confirmPackage === true}
        onChange={(e) => onChange({ ...choice, confirmPackage: e.target.checked })}
      />
      Confirmo a embalagem
    </label>
  );
}

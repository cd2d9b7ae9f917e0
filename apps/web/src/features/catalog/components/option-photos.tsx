import type { ProductImage } from '@marketplace/contracts/catalog';
import { combinationsOf, EMPTY_ROW, variationsOf, type VariantRowText, type VariationText } from './variation-rows';

// A photo per option (decision 0043, "Later"): the seller picks which of the listing's photos an option shows
// (the red mug for "Red"); every combination with that option gets it, and the product page brings it forward
// when a buyer chooses the option. Shown once the listing has photos (a listing being created has none yet).

interface OptionPhotosProps {
  variations: readonly VariationText[];
  rows: Record<string, VariantRowText>;
  images: readonly ProductImage[];
  onRowsChange: (rows: Record<string, VariantRowText>) => void;
}

export function OptionPhotos({ variations, rows, images, onRowsChange }: OptionPhotosProps) {
  const parsed = variationsOf(variations).filter((variation) => variation.name.trim() && variation.options.length > 0);
  const combinations = combinationsOf(parsed);
  if (images.length === 0 || parsed.length === 0) return null;

  /** The photo every combination with the option shows ('' when none, or when they differ). */
  const photoOf = (name: string, option: string) => {
    const photos = new Set(combinations.filter((combination) => combination.options[name] === option).map(({ key }) => rows[key]?.imageId ?? ''));
    return photos.size === 1 ? [...photos][0]! : '';
  };
  const choose = (name: string, option: string, imageId: string) =>
    onRowsChange({
      ...rows,
      ...Object.fromEntries(
        combinations.filter((combination) => combination.options[name] === option).map(({ key }) => [key, { ...(rows[key] ?? EMPTY_ROW), imageId }] as const),
      ),
    });

  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">A photo per option</h3>
        <p className="text-sm text-slate-600">Buyers who choose the option see its photo first.</p>
      </div>
      {parsed.map((variation) => (
        <fieldset key={variation.name} className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{variation.name}</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {variation.options.map((option) => {
              const current = photoOf(variation.name, option);
              const photo = images.find((image) => image.id === current);
              return (
                <li key={option} className="flex min-w-0 items-center gap-3">
                  <span className="size-10 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-50">
                    {photo && <img src={photo.thumbnailUrl} alt="" className="size-full object-cover" />}
                  </span>
                  <span className="w-24 shrink-0 truncate text-sm text-slate-700" aria-hidden>
                    {option}
                  </span>
                  <select
                    aria-label={`Photo for ${variation.name}: ${option}`}
                    value={current}
                    onChange={(event) => choose(variation.name, option, event.target.value)}
                    className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-base shadow-sm sm:text-sm"
                  >
                    <option value="">No photo of its own</option>
                    {images.map((image, index) => (
                      <option key={image.id} value={image.id}>
                        Photo {index + 1}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

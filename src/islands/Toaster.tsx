/**
 * The page's one toast area and loading indicator (docs/product-rules.md#api-errors). Every island and page
 * script reports through src/islands/state (toast.ts, loading.ts); this shows what they report.
 */
import { useStore } from '@nanostores/react';
import { reactIsland } from './react-island.ts';
import { $loading } from './state/loading.ts';
import { $toasts, dismissToast } from './state/toast.ts';
import { useHydrated } from './use-hydrated.ts';

type Props = { labels: { notifications: string; loading: string; dismiss: string } };

function Toaster({ labels }: Props) {
  const hydrated = useHydrated();
  const toasts = useStore($toasts);
  const loading = useStore($loading);
  const shown = hydrated ? toasts : [];
  return (
    <>
      <progress className="loading-bar" aria-label={labels.loading} hidden={!(hydrated && loading)} />
      <section className="toasts" aria-label={labels.notifications}>
        <div role="status" aria-live="polite">
          <ul>
            {shown.map((toast) => (
              <li key={toast.id} className={`toast toast-${toast.kind}`} data-toast={toast.kind}>
                <span>{toast.message}</span>
                <button type="button" aria-label={labels.dismiss} onClick={() => dismissToast(toast.id)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export default reactIsland(Toaster);

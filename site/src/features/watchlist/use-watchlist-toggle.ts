import { useRouter } from '@tanstack/react-router';
import { useMe } from '../../api/auth/me.ts';
import { useRemoveCar } from '../../api/watchlist/remove-car.ts';
import { useSaveCar } from '../../api/watchlist/save-car.ts';
import { useWatchlist } from '../../api/watchlist/watchlist.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { watchlistSignInHref } from './sign-in-href.ts';

/** The car as the watchlist control needs it. */
export interface WatchlistCarRef {
  id: number;
  /** Shown in the toasts, e.g. '2021 Toyota Corolla'. */
  title: string;
}


// Spec §8: a failed watchlist call shows a browser alert with the message.
function alertFailure(error: Error) {
  window.alert(error.message);
}

/**
 * The watchlist behaviour of spec §4 for one car: whether it is saved, whether a call is in
 * flight, and `toggle()` — which sends a visitor without a session or phone to sign-in, else
 * saves or removes optimistically, toasts the outcome and alerts the server's message on failure
 * (the change is then rolled back by the mutation).
 */
export function useWatchlistToggle(car: WatchlistCarRef, { onSaved }: { onSaved?: (carId: number) => void } = {}) {
  const tenant = useTenant();
  const router = useRouter();
  const toast = useToast();
  const me = useMe();
  const user = me.data?.user ?? null;
  const watchlist = useWatchlist(user?.phone ? user.id : null);
  const save = useSaveCar({
    onSuccess: () => {
      onSaved?.(car.id);
      toast({
        title: tenant.labels.watchlistSaved,
        description: `${car.title} is in your watchlist.`,
        action: { label: 'View List', onAction: () => router.history.push(tenant.routes.watchlistPath) },
      });
    },
    onError: alertFailure,
  });
  const remove = useRemoveCar({
    onSuccess: () => toast({ title: tenant.labels.watchlistRemoved, description: `${car.title} is no longer in your watchlist.` }),
    onError: alertFailure,
  });
  const saved = watchlist.data?.includes(car.id) ?? false;
  const pending = save.isPending || remove.isPending;

  const toggle = () => {
    if (me.isPending || pending) return;
    if (!user || !user.phone) {
      router.history.push(watchlistSignInHref(`${window.location.pathname}${window.location.search}`));
      return;
    }
    const variables = { userId: user.id, phone_number: user.phone, car_id: car.id };
    if (saved) remove.mutate(variables);
    else save.mutate(variables);
  };

  return { saved, pending, checkingSession: me.isPending, toggle };
}

import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { ClipboardList, MessageSquare, Search, User, Wallet, type LucideIcon } from 'lucide-react';

interface Destination {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** Other pages that belong to this destination (its own route aliases, its sub-pages). */
  alsoOn?: readonly string[];
}

/**
 * Whether the destination is the current page: its own path (exactly when `end`), or one of the
 * pages that belong to it. "Available Tasks" is `/dashboard` exactly (so Messages under
 * `/dashboard/messages` is not also marked), which left the expert's task search `/find-tasks`,
 * reached from that list, with no current item.
 */
export function isCurrentDestination({ to, end = false, alsoOn = [] }: Destination, pathname: string): boolean {
  return [to, ...alsoOn].some((path) => matchPath({ path, end: path === to ? end : false }, pathname) !== null);
}

/** The active destination's link: marked with aria-current="page" like a NavLink, styled by `className`. */
function DestinationLink({
  destination,
  className,
  children,
}: {
  destination: Destination;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const isActive = isCurrentDestination(destination, pathname);
  return (
    <Link to={destination.to} aria-current={isActive ? 'page' : undefined} className={className({ isActive })}>
      {children}
    </Link>
  );
}

/**
 * The three destinations of the shell (spec 000, Shell), the same on every layout; a client also
 * gets "Find an expert", the expert directory (issue 23, decision 0330).
 */
export function destinations(isExpert: boolean): Destination[] {
  return [
    {
      to: '/dashboard',
      label: isExpert ? 'Available Tasks' : 'My Tasks',
      icon: ClipboardList,
      end: true,
      // The expert's task search ("Search and map tasks" on the available list) is part of it.
      alsoOn: isExpert ? ['/find-tasks'] : [],
    },
    // An expert's earnings and payouts (issue 51) in the place a client has the expert directory.
    ...(isExpert ? [{ to: '/earnings', label: 'Earnings', icon: Wallet }] : [{ to: '/find-experts', label: 'Find an expert', icon: Search }]),
    // `/messages` is the same page as `/dashboard/messages` (router).
    { to: '/dashboard/messages', label: 'Messages', icon: MessageSquare, alsoOn: ['/messages'] },
    { to: '/profile', label: 'Profile', icon: User },
  ];
}

/**
 * From 768 px: a row of links in the top bar, in the page flow (no floating bar over the content).
 * Under 768 px it is hidden and the bottom bar takes over.
 */
export function TopNavigation({ isExpert }: { isExpert: boolean }) {
  const item = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
      isActive
        ? 'bg-secondary text-secondary-foreground'
        : 'text-muted-foreground hover:bg-muted hover:text-foreground'
    }`;
  return (
    <nav aria-label="Main" className="hidden md:block" data-testid="top-navigation">
      <ul className="flex items-center gap-1">
        {destinations(isExpert).map((destination) => (
          <li key={destination.to}>
            <DestinationLink destination={destination} className={item}>
              <destination.icon className="size-4" aria-hidden="true" />
              {destination.label}
            </DestinationLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Under 768 px: the phone's bottom tab bar. The page reserves its height (plus the safe area) as
 * bottom padding, so nothing is hidden under it.
 */
export function BottomNavigation({ isExpert }: { isExpert: boolean }) {
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex flex-1 flex-col items-center gap-1 py-2 text-xs font-medium ${isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground'}`;
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)] md:hidden"
      data-testid="bottom-navigation"
    >
      <div className="mx-auto flex max-w-md">
        {destinations(isExpert).map((destination) => (
          <DestinationLink key={destination.to} destination={destination} className={item}>
            <destination.icon className="size-5" aria-hidden="true" />
            {destination.label}
          </DestinationLink>
        ))}
      </div>
    </nav>
  );
}

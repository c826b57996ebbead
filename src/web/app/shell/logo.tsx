/** The product's mark; the product has no name in this codebase (see README). */
export function Logo() {
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#05283b" />
        <circle cx="16" cy="14" r="6" fill="none" stroke="#5eead4" strokeWidth="3" />
        <path d="M16 20v6" stroke="#5eead4" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>Local Experts</span>
    </>
  );
}

/** Marks an application with a knock-out answer: for a person to judge, never an automatic rejection. */
export function KnockOutBadge() {
  return (
    <span className="inline-flex items-center rounded-full border border-[#f3d49b] bg-[#fff6e5] px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-[#8a4b00]">
      Knock-out answer
    </span>
  );
}

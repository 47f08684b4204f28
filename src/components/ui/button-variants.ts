import { cva, type VariantProps } from 'class-variance-authority';

// Kept apart from button.tsx so markup that only needs the classes (the header, rendered on the
// server) does not import the component. Extra classes passed as `className` are appended, not
// merged (see cn), so each variant and size below sets a property once: the link variant has no
// box, so the sizes' heights and paddings are given to the other variants only.
const boxed: ('primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'inverse' | 'inverse-outline')[] = [
  'primary',
  'secondary',
  'outline',
  'ghost',
  'destructive',
  'inverse',
  'inverse-outline',
];

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        secondary: 'bg-primary-soft text-primary hover:bg-[#d9e3fb]',
        outline: 'border border-input bg-background text-foreground hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        destructive: 'bg-destructive text-white shadow-sm hover:bg-[#912018]',
        inverse: 'bg-white text-navy shadow-sm hover:bg-navy-foreground',
        'inverse-outline': 'border border-white/60 text-white hover:bg-white/10',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'text-sm',
        md: 'text-sm',
        lg: 'text-base',
        icon: '',
        /** A smaller icon button (a dialog's close button). */
        'icon-sm': '',
      },
    },
    compoundVariants: [
      { variant: boxed, size: 'sm', className: 'h-9 px-3' },
      { variant: boxed, size: 'md', className: 'h-11 px-5' },
      { variant: boxed, size: 'lg', className: 'h-12 px-6' },
      { variant: boxed, size: 'icon', className: 'size-11' },
      { variant: boxed, size: 'icon-sm', className: 'size-9' },
    ],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;

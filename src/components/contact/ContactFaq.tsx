import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { contactFaq } from '@/content/contact';

/** The four questions; one open at a time, and the open one can be closed (spec section 2). */
export function ContactFaq() {
  return (
    <Accordion type="single" collapsible className="rounded-xl border border-border bg-card px-6 shadow-card">
      {contactFaq.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

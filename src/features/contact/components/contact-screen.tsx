import { Card } from '@/components/ui/card';
import { ContactDetails } from './contact-details';
import { ContactForm } from './contact-form';

export function ContactScreen() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 pt-8 pb-16 sm:pt-12">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact us</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Questions about the platform, a plan or a partnership? Write to us, call, or send a message below
          and the team will get back to you.
        </p>
      </header>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr]">
        <ContactDetails />
        <section>
          <Card>
            <h2 id="contact-form-heading" className="text-xl font-bold">
              Send us a message
            </h2>
            <div className="mt-4">
              <ContactForm />
            </div>
          </Card>
        </section>
      </div>
    </div>
  );
}

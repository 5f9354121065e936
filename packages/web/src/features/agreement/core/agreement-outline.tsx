/**
 * An agreement as it prints (domain outlineAgreement, the same selection as the PDF): the ticked
 * subjects and their ticked options, by category and subcategory, with the notes under their
 * category's title and their subject (docs/agreement-format.md, "Notes"). Read-only; used by the page of a
 * read-only link and by an old version in the History panel (docs/sharing.md §3-4).
 */
import type { Category } from '@bpa/domain/contract';
import { outlineAgreement } from '@bpa/domain/outline';
import { MarkupText, toPlainName } from './markup-text';

export interface AgreementOutlineProps {
  contractName: string;
  categories: Category[];
  /** Level of the category headings (subcategories one below). */
  headingLevel?: 2 | 3;
}

/** The id of a category's section, for a link that jumps to it ("category-9"). */
export function categoryAnchor(order: number): string {
  return `category-${String(order)}`;
}

export function AgreementOutline({ contractName, categories, headingLevel = 2 }: AgreementOutlineProps) {
  const outline = outlineAgreement({ contractName, categories });
  const CategoryHeading = headingLevel === 2 ? 'h2' : 'h3';
  const GroupHeading = headingLevel === 2 ? 'h3' : 'h4';
  if (outline.length === 0) return <p>Nothing is ticked in this agreement yet.</p>;
  return (
    <>
      {outline.map((section) => (
        <section
          key={section.category._id}
          id={categoryAnchor(section.category.order)}
          className="shared-category"
          aria-label={toPlainName(section.category.categoryName)}
        >
          <CategoryHeading>
            {section.label}. <MarkupText markup={section.category.categoryName} />
          </CategoryHeading>
          {section.category.note && <MarkupText markup={section.category.note} className="item-note" />}
          {section.subcategories.map((group, index) => (
            <div key={`${String(index)}-${group.heading}`}>
              {group.heading !== '' && (
                <GroupHeading>
                  <MarkupText markup={group.heading} />
                </GroupHeading>
              )}
              <ul>
                {group.subjects.map((item) => (
                  <li key={item.subject._id}>
                    <MarkupText markup={item.name} />
                    {item.options.length > 0 && ': '}
                    {item.options.map((option, optionIndex) => (
                      <span key={option.option._id}>
                        {optionIndex > 0 && ', '}
                        <MarkupText markup={option.name} />
                      </span>
                    ))}
                    {item.subject.note && <MarkupText markup={item.subject.note} className="item-note" />}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

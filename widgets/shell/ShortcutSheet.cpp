#include "ShortcutSheet.h"

#include "CommentCardText.h"
#include "JudgingController.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace rd {

namespace {
QString row(const QString &keys, const QString &what)
{
    return QStringLiteral("<tr><td style='padding:2px 12px 2px 0px; white-space:nowrap;'><b><tt>%1</tt></b></td><td style='padding:2px;'>%2</td></tr>")
        .arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
}

QString keysOf(const QAction *a)
{
    QStringList keys;
    for (const QKeySequence &k : a->shortcuts())
        keys << k.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(" / "));
}
} // namespace

ShortcutSheet::ShortcutSheet(QWidget *window, const JudgingController *judging, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    resize(720, 640);
    auto *layout = new QVBoxLayout(this);
    m_browser = new QTextBrowser(this);
    layout->addWidget(m_browser);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    QString html = QStringLiteral("<h3>%1</h3><table>").arg(tr("Judging"));
    QList<QAction *> judgingActions = judging->actions();
    for (QAction *a : judgingActions)
        html += row(keysOf(a), a->text().remove(QLatin1Char('&')));
    html += QStringLiteral("</table><h3>%1</h3><table>").arg(tr("Second keys"));
    html += row(QStringLiteral("1–7"), tr("after Q1, Q2 or Q3: the score (the model's score is shown beside)"));
    QStringList categories;
    for (int i = 0; i < aacrCategories().size(); ++i)
        categories << QStringLiteral("%1 %2").arg(i + 1).arg(CommentCardText::categoryText(aacrCategories()[i]));
    html += row(QStringLiteral("1–4"), tr("after Category: %1").arg(categories.join(QStringLiteral(", "))));
    html += row(QStringLiteral("1–3 / D F R"), tr("after Context Level: %1, %2, %3")
                                                   .arg(CommentCardText::contextText(ContextLevel::Diff), CommentCardText::contextText(ContextLevel::File),
                                                        CommentCardText::contextText(ContextLevel::Repo)));
    QStringList tags;
    for (int i = 0; i < std::min<qsizetype>(9, cqsTags().size()); ++i)
        tags << QStringLiteral("%1 %2").arg(i + 1).arg(cqsTags()[i]);
    html += row(QStringLiteral("1–9 / 0"), tr("after Tag: %1; 0 another tag, typed").arg(tags.join(QStringLiteral(", "))));
    html += row(QStringLiteral("Esc"), tr("cancels a decision waiting for its second key"));
    html += row(tr("Shift+Up / Shift+Down"), tr("in the diff: select lines for a new comment (or drag over the line numbers)"));
    html += QStringLiteral("</table><h3>%1</h3><table>").arg(tr("Window"));
    QList<QAction *> others;
    for (QAction *a : window->findChildren<QAction *>())
        if (!judgingActions.contains(a) && !a->shortcuts().isEmpty() && !a->objectName().isEmpty())
            others.append(a);
    std::sort(others.begin(), others.end(), [](QAction *x, QAction *y) { return x->text() < y->text(); });
    for (QAction *a : others)
        html += row(keysOf(a), a->text().remove(QLatin1Char('&')));
    html += QStringLiteral("</table><p>%1</p>").arg(tr("Change any key in Judge ▸ Keyboard Shortcuts…").toHtmlEscaped());
    m_browser->setHtml(html);
}

QString ShortcutSheet::text() const
{
    return m_browser->toPlainText();
}

} // namespace rd

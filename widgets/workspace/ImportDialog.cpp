#include "ImportDialog.h"

#include <ExchangeService.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace rd {

namespace {

// A line edit with a Browse… button that fills it.
QWidget *withBrowse(QLineEdit *edit, QWidget *parent, const QString &caption, const QString &filter, bool folder = false)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    auto *browse = new QPushButton(QCoreApplication::translate("rd::ImportDialog", "Browse…"), row);
    QObject::connect(browse, &QPushButton::clicked, row, [edit, parent, caption, filter, folder] {
        const QString chosen = folder ? QFileDialog::getExistingDirectory(parent, caption, edit->text())
                                      : QFileDialog::getOpenFileName(parent, caption, edit->text(), filter);
        if (!chosen.isEmpty())
            edit->setText(chosen);
    });
    layout->addWidget(browse);
    return row;
}

} // namespace

ImportDialog::ImportDialog(ExchangeService *exchange, QWidget *parent) : QDialog(parent), m_exchange(exchange)
{
    setWindowTitle(tr("Import"));
    auto *layout = new QVBoxLayout(this);
    auto *top = new QFormLayout;
    m_source = new QComboBox(this);
    m_source->addItem(tr("AACR-Bench samples (positive_samples.json, negative_samples.json)"));
    m_source->addItem(tr("ReviewDesk run (reviewdesk-cli review --out)"));
    top->addRow(tr("&Source:"), m_source);
    m_file = new QLineEdit(this);
    m_file->setObjectName(QStringLiteral("importFile"));
    top->addRow(tr("&File:"), withBrowse(m_file, this, tr("Import File"), tr("JSON files (*.json);;All files (*)")));
    layout->addLayout(top);

    m_pages = new QStackedWidget(this);
    auto *aacr = new QWidget(m_pages);
    auto *aacrForm = new QFormLayout(aacr);
    aacrForm->setContentsMargins(0, 0, 0, 0);
    m_kind = new QComboBox(aacr);
    m_kind->addItem(tr("Ground truth (reference issues)"), QStringLiteral("ground-truth"));
    m_kind->addItem(tr("Candidates (to be judged)"), QStringLiteral("candidates"));
    m_kind->addItem(tr("Labelled (positive = accepted, negative = rejected)"), QStringLiteral("labelled"));
    aacrForm->addRow(tr("Import &as:"), m_kind);
    m_samples = new QComboBox(aacr);
    m_samples->addItem(tr("From the file's name"), QString());
    m_samples->addItem(tr("Positive samples"), QStringLiteral("positive"));
    m_samples->addItem(tr("Negative samples"), QStringLiteral("negative"));
    aacrForm->addRow(tr("Sa&mples:"), m_samples);
    m_annotator = new QLineEdit(QStringLiteral("aacr-bench"), aacr);
    aacrForm->addRow(tr("Labels by &annotator:"), m_annotator);
    m_repoMap = new QLineEdit(aacr);
    m_repoMap->setPlaceholderText(tr("optional: JSON from repository URL to a local clone"));
    aacrForm->addRow(tr("&Repository map:"), withBrowse(m_repoMap, this, tr("Repository Map"), tr("JSON files (*.json);;All files (*)")));
    m_pages->addWidget(aacr);

    auto *run = new QWidget(m_pages);
    auto *runForm = new QFormLayout(run);
    runForm->setContentsMargins(0, 0, 0, 0);
    m_repository = new QLineEdit(run);
    runForm->addRow(tr("Re&pository:"), withBrowse(m_repository, this, tr("Repository"), QString(), true));
    m_base = new QLineEdit(run);
    m_base->setPlaceholderText(tr("the run's own"));
    runForm->addRow(tr("&Base:"), m_base);
    m_head = new QLineEdit(run);
    m_head->setPlaceholderText(tr("the run's own"));
    runForm->addRow(tr("&Head:"), m_head);
    m_pages->addWidget(run);
    layout->addWidget(m_pages);
    connect(m_source, &QComboBox::currentIndexChanged, m_pages, &QStackedWidget::setCurrentIndex);
    connect(m_kind, &QComboBox::currentIndexChanged, this,
            [this] { m_annotator->setEnabled(m_kind->currentData().toString() == QLatin1String("labelled")); });
    m_annotator->setEnabled(false);

    auto *note = new QLabel(tr("A file is imported whole or not at all."), this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    auto *importButton = buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    importButton->setObjectName(QStringLiteral("importButton"));
    connect(importButton, &QPushButton::clicked, this, [this] {
        if (import())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(620, sizeHint().height());
}

void ImportDialog::setSource(Source source)
{
    m_source->setCurrentIndex(source == Source::Aacr ? 0 : 1);
}

void ImportDialog::setFile(const QString &file)
{
    m_file->setText(file);
}

void ImportDialog::setAacrKind(const QString &kind)
{
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(kind)));
}

void ImportDialog::setRepoMap(const QString &file)
{
    m_repoMap->setText(file);
}

void ImportDialog::setRunRepository(const QString &repository)
{
    m_repository->setText(repository);
}

bool ImportDialog::import()
{
    const QString file = m_file->text().trimmed();
    Result<ImportOutcome> outcome = Error{Error::Kind::Usage, tr("choose a file to import")};
    if (!file.isEmpty()) {
        if (m_source->currentIndex() == 0) {
            AacrImportOptions options;
            options.kind = m_kind->currentData().toString();
            options.samples = m_samples->currentData().toString();
            options.annotator = m_annotator->text().trimmed();
            options.repoMapFile = m_repoMap->text().trimmed();
            outcome = m_exchange->importAacr(file, options);
        } else {
            RunImportOptions options;
            options.repository = m_repository->text().trimmed();
            options.base = m_base->text().trimmed();
            options.head = m_head->text().trimmed();
            outcome = m_exchange->importRun(file, options);
        }
    }
    if (!outcome) {
        m_lastMessage = outcome.error().message;
        auto *box = new QMessageBox(QMessageBox::Critical, tr("Cannot Import"), tr("Nothing was imported; the workspace is unchanged."),
                                    QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("importError"));
        box->setInformativeText(m_lastMessage);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    const ImportSummary &s = outcome->summary;
    m_lastMessage = tr("%n pull request(s) (%1 new, %2 without code)", nullptr, s.mergeRequests).arg(s.newMergeRequests).arg(s.withoutCode)
                    + QStringLiteral("; ") + tr("%n comment(s)", nullptr, s.comments) + QStringLiteral("; ") + tr("%n judgement(s)", nullptr, s.judgements);
    auto *box = new QMessageBox(QMessageBox::Information, tr("Imported"), m_lastMessage, QMessageBox::Ok, parentWidget());
    box->setObjectName(QStringLiteral("importSummary"));
    if (!outcome->notes.isEmpty())
        box->setDetailedText(outcome->notes.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return true;
}

} // namespace rd

#include "ExportDialog.h"

#include <DatasetExport.h>
#include <ExchangeService.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace rd {

ExportDialog::ExportDialog(ExchangeService *exchange, QWidget *parent) : QDialog(parent), m_exchange(exchange)
{
    setWindowTitle(tr("Export"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_format = new QComboBox(this);
    for (const ExportFormat &f : exportFormats())
        m_format->addItem(f.name, f.name);
    form->addRow(tr("&Format:"), m_format);
    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    form->addRow(QString(), m_description);
    m_onlyCurrent = new QCheckBox(tr("Only the open merge request"), this);
    m_onlyCurrent->setEnabled(exchange->hasOpenMergeRequest());
    form->addRow(tr("&Scope:"), m_onlyCurrent);
    m_delta = new QDoubleSpinBox(this);
    m_delta->setRange(0, 10);
    m_delta->setSingleStep(0.5);
    m_delta->setValue(2);
    m_delta->setToolTip(tr("CQS Algorithm 1: two comments with the same tag form a pair when their scores (0-10) differ by at least this much"));
    form->addRow(tr("Score &gap δ:"), m_delta);
    m_pairs = new QComboBox(this);
    m_pairs->setObjectName(QStringLiteral("dpoPairs"));
    m_pairs->addItem(tr("The judge's scores where there are some, else people's"), int(DpoPairs::Auto));
    m_pairs->addItem(tr("The LLM judge's scores (CQS Algorithm 1)"), int(DpoPairs::Judge));
    m_pairs->addItem(tr("People's scores and verdicts"), int(DpoPairs::Human));
    m_pairs->addItem(tr("Both"), int(DpoPairs::Both));
    form->addRow(tr("&Pairs from:"), m_pairs);
    auto *row = new QWidget(this);
    auto *rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    m_output = new QLineEdit(row);
    m_output->setObjectName(QStringLiteral("exportFile"));
    rowLayout->addWidget(m_output, 1);
    auto *browse = new QPushButton(tr("Browse…"), row);
    connect(browse, &QPushButton::clicked, this, [this] {
        const ExportFormat *f = findExportFormat(m_format->currentData().toString());
        const QString chosen = QFileDialog::getSaveFileName(this, tr("Export To"), m_output->text(),
                                                            tr("%1 files (*.%2);;All files (*)").arg(f->name, f->extension));
        if (!chosen.isEmpty())
            m_output->setText(chosen);
    });
    rowLayout->addWidget(browse);
    form->addRow(tr("&Write to:"), row);
    layout->addLayout(form);
    auto *note = new QLabel(tr("Exports never contain API keys or the paths of this machine's folders."), this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    auto *exportButton = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    exportButton->setObjectName(QStringLiteral("exportButton"));
    connect(exportButton, &QPushButton::clicked, this, [this] {
        if (exportNow())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    formatChanged();
    resize(600, sizeHint().height());
}

void ExportDialog::formatChanged()
{
    const ExportFormat *f = findExportFormat(m_format->currentData().toString());
    if (!f)
        return;
    m_description->setText(f->description);
    m_delta->setEnabled(f->name == QLatin1String("trl-dpo"));
    m_pairs->setEnabled(f->name == QLatin1String("trl-dpo"));
    const QString current = m_output->text();
    const QString folder = current.isEmpty() ? QDir::homePath() : QFileInfo(current).absolutePath();
    m_output->setText(QDir(folder).filePath(f->name + QLatin1Char('.') + f->extension));
}

void ExportDialog::setFormat(const QString &name)
{
    m_format->setCurrentIndex(std::max(0, m_format->findData(name)));
}

void ExportDialog::setOutput(const QString &file)
{
    m_output->setText(file);
}

void ExportDialog::setOnlyCurrentMergeRequest(bool only)
{
    m_onlyCurrent->setChecked(only);
}

bool ExportDialog::exportNow()
{
    auto written = m_exchange->exportDataset(m_format->currentData().toString(), m_output->text().trimmed(), m_onlyCurrent->isChecked(), m_delta->value(),
                                              DpoPairs(m_pairs->currentData().toInt()));
    if (!written) {
        m_lastMessage = written.error().message;
        auto *box = new QMessageBox(QMessageBox::Critical, tr("Cannot Export"), tr("The export was not written."), QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("exportError"));
        box->setInformativeText(m_lastMessage);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    m_lastMessage = tr("Wrote %1").arg(QDir::toNativeSeparators(*written));
    return true;
}

} // namespace rd

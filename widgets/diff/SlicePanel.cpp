#include "SlicePanel.h"

#include <SliceRenderer.h>

#include <algorithm>

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace rd {

namespace {

QIcon swatch(const QColor &color)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(color);
    return QIcon(pixmap);
}

QString lineRanges(const QList<int> &lines)
{
    QStringList parts;
    for (qsizetype i = 0; i < lines.size();) {
        qsizetype j = i;
        while (j + 1 < lines.size() && lines[j + 1] == lines[j] + 1)
            ++j;
        parts << (i == j ? QString::number(lines[i]) : QStringLiteral("%1–%2").arg(lines[i]).arg(lines[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

QColor SlicePanel::colorOf(SliceAlgorithm algorithm)
{
    switch (algorithm) {
    case SliceAlgorithm::OriginalDiff: return QColor(0x8c959f);
    case SliceAlgorithm::ParentFunction: return QColor(0xbf8700);
    case SliceAlgorithm::LeftFlow: return QColor(0x8250df);
    case SliceAlgorithm::FullFlow: return QColor(0x0969da);
    }
    return Qt::gray;
}

QString SlicePanel::titleOf(SliceAlgorithm algorithm)
{
    switch (algorithm) {
    case SliceAlgorithm::OriginalDiff: return tr("Original Diff");
    case SliceAlgorithm::ParentFunction: return tr("Parent Function");
    case SliceAlgorithm::LeftFlow: return tr("Left Flow");
    case SliceAlgorithm::FullFlow: return tr("Full Flow");
    }
    return {};
}

SlicePanel::SlicePanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Slices:"), this));
    for (SliceAlgorithm a : AllAlgorithms) {
        auto *box = new QCheckBox(titleOf(a), this);
        box->setIcon(swatch(colorOf(a)));
        box->setChecked(a == SliceAlgorithm::LeftFlow);
        box->setProperty("algorithm", static_cast<int>(a));
        connect(box, &QCheckBox::toggled, this, [this] {
            refill();
            Q_EMIT overlaysChanged();
            Q_EMIT shownAlgorithmsChanged();
        });
        m_algorithmBoxes.append(box);
        bar->addWidget(box);
    }
    bar->addStretch();
    bar->addWidget(new QLabel(tr("Line numbers:"), this));
    m_lineFormat = new QComboBox(this);
    m_lineFormat->addItem(tr("inline"), QStringLiteral("inline"));
    m_lineFormat->addItem(tr("relative"), QStringLiteral("relative"));
    m_lineFormat->addItem(tr("none"), QStringLiteral("none"));
    bar->addWidget(m_lineFormat);
    auto *copy = new QPushButton(tr("Copy Text"), this);
    bar->addWidget(copy);
    layout->addLayout(bar);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("sliceStatus"));
    layout->addWidget(m_status);

    auto *split = new QSplitter(this);
    auto *lists = new QSplitter(Qt::Vertical, split);
    m_slices = new QListWidget(lists);
    // Shown, with its label, only for a slice that brings code in: an empty
    // unlabelled list read as a broken box.
    m_externalBox = new QWidget(lists);
    auto *externalLayout = new QVBoxLayout(m_externalBox);
    externalLayout->setContentsMargins(0, 0, 0, 0);
    auto *externalLabel = new QLabel(tr("Code brought in from elsewhere:"), m_externalBox);
    externalLabel->setObjectName(QStringLiteral("externalCodeLabel"));
    externalLayout->addWidget(externalLabel);
    m_external = new QListWidget(m_externalBox);
    m_external->setObjectName(QStringLiteral("externalCode"));
    m_external->setToolTip(tr("Code this slice brings in from elsewhere; double-click to open it"));
    externalLayout->addWidget(m_external);
    m_externalBox->hide();
    m_text = new QPlainTextEdit(split);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(m_slices, &QListWidget::currentRowChanged, this, &SlicePanel::showSlice);
    connect(m_lineFormat, &QComboBox::currentIndexChanged, this, [this] { showSlice(m_slices->currentRow()); });
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_text->toPlainText()); });
    connect(m_external, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) {
        const QByteArray path = item->data(Qt::UserRole).toByteArray();
        if (!path.isEmpty())
            Q_EMIT openLocation(path, item->data(Qt::UserRole + 1).toInt());
    });
    setStatus(tr("No merge request."));
}

void SlicePanel::setStatus(const QString &text)
{
    m_status->setText(text);
}

void SlicePanel::setResult(std::shared_ptr<const SlicingResult> result, std::shared_ptr<const MergeRequest> mr)
{
    m_result = std::move(result);
    m_mr = std::move(mr);
    if (m_result) {
        const SlicingDiagnostics &d = m_result->diagnostics;
        // Each algorithm's own count: Run Review sends one algorithm's
        // slices, so a total over all four matched no figure there.
        QStringList perAlgorithm;
        for (SliceAlgorithm a : AllAlgorithms)
            perAlgorithm << tr("%1 %2").arg(titleOf(a)).arg(std::count_if(m_result->slices.cbegin(), m_result->slices.cend(), [a](const Slice &s) { return s.algorithm == a; }));
        setStatus(tr("%n slice(s) in this merge request (%1)", nullptr, static_cast<int>(m_result->slices.size())).arg(perAlgorithm.join(QStringLiteral(", ")))
                  + QStringLiteral(" · ")
                  + tr("parsed with libclang: %1, parser errors tolerated: %2").arg(d.parsed).arg(d.parseErrors)
                  + (d.unreadable.isEmpty() ? QString() : QStringLiteral(" · ") + tr("%n file(s) could not be read", nullptr, static_cast<int>(d.unreadable.size()))));
        // What was left out, by name, for whoever wonders why a file has no slice.
        m_status->setToolTip((d.unreadable + d.skipped).join(QLatin1Char('\n')));
    }
    refill();
    Q_EMIT overlaysChanged();
}

void SlicePanel::showFile(const QByteArray &path)
{
    m_file = path;
    refill();
    Q_EMIT overlaysChanged();
}

QList<SliceAlgorithm> SlicePanel::shownAlgorithms() const
{
    QList<SliceAlgorithm> out;
    for (QCheckBox *box : m_algorithmBoxes)
        if (box->isChecked())
            out.append(static_cast<SliceAlgorithm>(box->property("algorithm").toInt()));
    return out;
}

void SlicePanel::setShownAlgorithms(const QList<SliceAlgorithm> &algorithms)
{
    for (QCheckBox *box : m_algorithmBoxes) {
        box->blockSignals(true);
        box->setChecked(algorithms.contains(static_cast<SliceAlgorithm>(box->property("algorithm").toInt())));
        box->blockSignals(false);
    }
    refill();
    Q_EMIT overlaysChanged();
    Q_EMIT shownAlgorithmsChanged();
}

QList<SliceOverlay> SlicePanel::overlays() const
{
    QList<SliceOverlay> out;
    if (!m_result)
        return out;
    for (SliceAlgorithm a : shownAlgorithms()) {
        SliceOverlay overlay{titleOf(a), colorOf(a), {}};
        for (const Slice &s : m_result->slices) {
            if (s.algorithm != a || s.file != m_file)
                continue;
            for (auto it = s.newReasons.begin(); it != s.newReasons.end(); ++it)
                overlay.reasons[Side::New].insert(it.key(), it.value());
            for (auto it = s.oldReasons.begin(); it != s.oldReasons.end(); ++it)
                overlay.reasons[Side::Old].insert(it.key(), it.value());
        }
        out.append(overlay);
    }
    return out;
}

void SlicePanel::refill()
{
    m_slices->blockSignals(true);
    m_slices->clear();
    m_listed.clear();
    if (m_result) {
        const QList<SliceAlgorithm> shown = shownAlgorithms();
        for (const Slice &s : m_result->slices) {
            if (s.file != m_file || !shown.contains(s.algorithm))
                continue;
            m_listed.append(&s);
            const QList<int> &lines = s.side == Side::New ? s.newLines : s.oldLines;
            auto *item = new QListWidgetItem(swatch(colorOf(s.algorithm)),
                                             tr("%1 · lines %2%3").arg(titleOf(s.algorithm), lineRanges(lines),
                                                                       s.side == Side::Old ? tr(" (old version)") : QString()),
                                             m_slices);
            if (s.fallback)
                item->setToolTip(s.fallbackReason);
        }
    }
    m_slices->blockSignals(false);
    if (m_listed.isEmpty()) {
        m_external->clear();
        m_externalBox->hide();
        m_text->setPlainText(m_result ? tr("No slice of the shown kinds touches this file.") : QString());
    } else {
        m_slices->setCurrentRow(0);
        showSlice(0);
    }
}

int SlicePanel::sliceCount() const
{
    return static_cast<int>(m_listed.size());
}

void SlicePanel::selectSlice(int row)
{
    m_slices->setCurrentRow(row);
}

void SlicePanel::showSlice(int row)
{
    m_external->clear();
    m_externalBox->hide();
    if (row < 0 || row >= m_listed.size() || !m_mr) {
        m_text->clear();
        return;
    }
    const Slice &s = *m_listed[row];
    for (const ExternalSnippet &x : s.external) {
        auto *item = new QListWidgetItem(tr("%1:%2 — %3").arg(x.file).arg(x.from).arg(x.reason), m_external);
        if (x.insideRepository) {
            item->setData(Qt::UserRole, x.file.toUtf8());
            item->setData(Qt::UserRole + 1, x.from);
        }
    }
    m_externalBox->setVisible(m_external->count() > 0);
    const LineFormat format = lineFormatFromName(m_lineFormat->currentData().toString()).value_or(LineFormat::Inline);
    const QString text = MergeRequestSliceRenderer(*m_mr).render(s, format);
    m_text->setPlainText(text);
    m_status->setToolTip(tr("About %n token(s)", nullptr, estimateTokens(text)));
}

QString SlicePanel::renderedText() const
{
    return m_text->toPlainText();
}

} // namespace rd

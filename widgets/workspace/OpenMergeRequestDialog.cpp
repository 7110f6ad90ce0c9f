#include "OpenMergeRequestDialog.h"

#include "InputStatus.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

namespace rd {

OpenMergeRequestDialog::OpenMergeRequestDialog(const QStringList &recentRepositories, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Open Merge Request"));
    auto *form = new QFormLayout(this);

    auto *repoRow = new QHBoxLayout;
    m_repository = new QComboBox(this);
    m_repository->setEditable(true);
    m_repository->addItems(recentRepositories);
    m_repository->setMinimumWidth(420);
    m_repository->lineEdit()->setPlaceholderText(tr("Path of a work tree, a .git directory or a bare repository"));
    repoRow->addWidget(m_repository, 1);
    auto *browse = new QPushButton(tr("Browse…"), this);
    repoRow->addWidget(browse);
    auto *repositoryLabel = new QLabel(tr("&Repository:"), this);
    repositoryLabel->setBuddy(m_repository); // a row holding a layout gets no buddy by itself
    form->addRow(repositoryLabel, repoRow);
    m_repositoryStatus = inputStatusLabel(this);
    form->addRow(QString(), m_repositoryStatus);

    m_base = new QComboBox(this);
    m_base->setEditable(true);
    m_base->lineEdit()->setPlaceholderText(tr("Target: branch, tag, commit or any rev-spec"));
    form->addRow(tr("&Base (target):"), m_base);
    m_baseStatus = inputStatusLabel(this);
    form->addRow(QString(), m_baseStatus);

    m_head = new QComboBox(this);
    m_head->setEditable(true);
    m_head->lineEdit()->setPlaceholderText(tr("Source: the change to review"));
    form->addRow(tr("&Head (source):"), m_head);
    m_headStatus = inputStatusLabel(this);
    form->addRow(QString(), m_headStatus);

    m_twoDot = new QCheckBox(tr("Compare base and head directly (two-dot) instead of from their merge base"), this);
    form->addRow(QString(), m_twoDot);

    m_title = new QLineEdit(this);
    form->addRow(tr("&Title:"), m_title);
    m_description = new QPlainTextEdit(this);
    m_description->setTabChangesFocus(true);
    m_description->setMinimumHeight(90);
    form->addRow(tr("&Description:"), m_description);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Open"));
    form->addRow(m_buttons);

    m_repositoryDelay.setSingleShot(true);
    m_repositoryDelay.setInterval(250);
    connect(&m_repositoryDelay, &QTimer::timeout, this, &OpenMergeRequestDialog::repositoryChanged);
    connect(m_repository, &QComboBox::editTextChanged, this, [this] { m_repositoryDelay.start(); });
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose a Repository"), m_repository->currentText());
        if (!dir.isEmpty())
            m_repository->setEditText(dir);
    });
    connect(m_base, &QComboBox::editTextChanged, this, &OpenMergeRequestDialog::validate);
    connect(m_head, &QComboBox::editTextChanged, this, &OpenMergeRequestDialog::validate);
    connect(m_title, &QLineEdit::textEdited, this, [this] { m_titleEdited = true; });
    connect(m_description, &QPlainTextEdit::textChanged, this, [this] {
        if (m_description->hasFocus())
            m_descriptionEdited = true;
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    repositoryChanged();
}

void OpenMergeRequestDialog::setRequest(const MergeRequestRequest &request)
{
    m_repository->setEditText(request.repository);
    repositoryChanged();
    m_base->setEditText(request.base);
    m_head->setEditText(request.head);
    m_twoDot->setChecked(request.twoDot);
    if (!request.title.isEmpty()) {
        m_title->setText(request.title);
        m_titleEdited = true;
    }
    if (!request.description.isEmpty()) {
        m_description->setPlainText(request.description);
        m_descriptionEdited = true;
    }
    validate();
}

MergeRequestRequest OpenMergeRequestDialog::request() const
{
    MergeRequestRequest r;
    r.repository = m_repository->currentText().trimmed();
    r.base = revisionOf(m_base);
    r.head = revisionOf(m_head);
    r.twoDot = m_twoDot->isChecked();
    r.title = m_title->text().trimmed();
    r.description = m_description->toPlainText().trimmed();
    return r;
}

QString OpenMergeRequestDialog::revisionOf(const QComboBox *combo) const
{
    // Commit entries read "abc1234  summary"; their data is the full id.
    const QString text = combo->currentText().trimmed();
    const int index = combo->findText(text);
    if (index >= 0 && combo->itemData(index).isValid())
        return combo->itemData(index).toString();
    return text;
}

void OpenMergeRequestDialog::repositoryChanged()
{
    const QString path = m_repository->currentText().trimmed();
    if (path == m_repoPath && m_repo.isValid())
        return;
    m_repoPath = path;
    m_repo = GitRepository();
    if (path.isEmpty()) {
        showInputStatus(m_repositoryStatus, false, tr("Choose a repository."));
    } else if (auto opened = GitRepository::open(path)) {
        m_repo = opened.value();
        showInputStatus(m_repositoryStatus, true,
                   m_repo.isBare() ? tr("Bare repository %1").arg(m_repo.gitDir()) : tr("Repository %1").arg(m_repo.workDir()));
    } else {
        showInputStatus(m_repositoryStatus, false, opened.error().message);
    }
    fillRevisions();
    validate();
}

void OpenMergeRequestDialog::fillRevisions()
{
    for (QComboBox *combo : {m_base, m_head}) {
        const QString text = combo->currentText();
        combo->blockSignals(true);
        combo->clear();
        if (m_repo.isValid()) {
            if (auto refs = m_repo.references())
                for (const Reference &ref : refs.value())
                    combo->addItem(ref.shortName);
            if (auto commits = m_repo.recentCommits(30))
                for (const CommitInfo &c : commits.value())
                    combo->addItem(QStringLiteral("%1  %2").arg(QString::fromLatin1(c.id.abbreviated()), c.summary),
                                   QString::fromLatin1(c.id.toHex()));
        }
        combo->setEditText(text);
        combo->blockSignals(false);
    }
}

bool OpenMergeRequestDialog::isInputValid() const
{
    return m_problem.isEmpty();
}

void OpenMergeRequestDialog::validate()
{
    m_problem.clear();
    if (!m_repo.isValid()) {
        m_problem = m_repositoryStatus->text();
        m_baseStatus->clear();
        m_headStatus->clear();
    } else {
        CommitInfo headInfo;
        for (auto [combo, label] : {std::pair{m_base, m_baseStatus}, std::pair{m_head, m_headStatus}}) {
            const QString revision = revisionOf(combo);
            if (revision.isEmpty()) {
                showInputStatus(label, false, tr("Enter a revision."));
                m_problem = tr("A revision is missing.");
                continue;
            }
            auto id = m_repo.resolveCommit(revision);
            if (!id) {
                showInputStatus(label, false, id.error().message);
                m_problem = id.error().message;
                continue;
            }
            const auto info = m_repo.commit(*id);
            showInputStatus(label, true, QStringLiteral("%1  %2").arg(QString::fromLatin1(id->abbreviated()), info ? info->summary : QString()));
            if (combo == m_head && info)
                headInfo = info.value();
        }
        // Title and description follow the head commit until the user edits them.
        if (!headInfo.id.isNull() && QString::fromLatin1(headInfo.id.toHex()) != m_prefilledFrom) {
            m_prefilledFrom = QString::fromLatin1(headInfo.id.toHex());
            if (!m_titleEdited)
                m_title->setText(headInfo.summary);
            if (!m_descriptionEdited)
                m_description->setPlainText(headInfo.body);
        }
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

} // namespace rd
